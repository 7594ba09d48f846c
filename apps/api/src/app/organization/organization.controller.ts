import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { OrganizationsService, OrganizationUsersService } from '@quarry/server/auth';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';

import { toUserDto, UserDto } from '../user/user.dto';
import { CreateUserDto, OrganizationDto, UpdateUserRoleDto } from './organization.dto';

@ApiTags('Organization')
@Controller('api/v1/org')
export class OrganizationController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly users: OrganizationUsersService,
  ) {}

  @Get()
  @Endpoint({ summary: 'My organization', response: OrganizationDto })
  async get(@CurrentUser() principal: Principal): Promise<OrganizationDto> {
    const organization = await this.organizations.get(principal);
    return { organizationUuid: organization.organizationUuid, name: organization.name, createdAt: organization.createdAt.toISOString() };
  }

  @Get('users')
  @Endpoint({ summary: 'Users of my organization', response: [UserDto] })
  async listUsers(@CurrentUser() principal: Principal): Promise<UserDto[]> {
    return (await this.users.list(principal)).map(toUserDto);
  }

  @Post('users')
  @Endpoint({ summary: 'Add a user to my organization (admin)', response: UserDto, errors: [403, 409] })
  async createUser(@CurrentUser() principal: Principal, @Body() body: CreateUserDto): Promise<UserDto> {
    const member = await this.users.create(principal, {
      email: body.email,
      firstName: body.firstName ?? '',
      lastName: body.lastName ?? '',
      role: body.role,
    });
    return toUserDto(member);
  }

  @Get('users/:userUuid')
  @Endpoint({ summary: 'A user of my organization', response: UserDto, errors: [404] })
  async getUser(@CurrentUser() principal: Principal, @Param('userUuid', new UuidParam('userUuid')) userUuid: string): Promise<UserDto> {
    return toUserDto(await this.users.get(principal, userUuid));
  }

  @Patch('users/:userUuid')
  @Endpoint({ summary: "Change a user's organization role (admin)", response: UserDto, errors: [403, 404] })
  async updateUser(
    @CurrentUser() principal: Principal,
    @Param('userUuid', new UuidParam('userUuid')) userUuid: string,
    @Body() body: UpdateUserRoleDto,
  ): Promise<UserDto> {
    return toUserDto(await this.users.updateRole(principal, userUuid, body.role));
  }

  @Delete('users/:userUuid')
  @Endpoint({ summary: 'Remove a user from my organization (admin)', errors: [403, 404] })
  async deleteUser(@CurrentUser() principal: Principal, @Param('userUuid', new UuidParam('userUuid')) userUuid: string): Promise<null> {
    await this.users.delete(principal, userUuid);
    return null;
  }
}
