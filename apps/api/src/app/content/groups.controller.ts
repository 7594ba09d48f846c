import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { GroupsService } from '@quarry/server/content';
import type { Response } from 'express';

import { CreateGroupDto, GroupDto, UpdateGroupDto } from './groups.dto';

const groupParam = new UuidParam('groupUuid');
const userParam = new UuidParam('userUuid');

@ApiTags('Groups')
@Controller('api/v1')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @Get('org/groups')
  @Endpoint({ summary: 'Groups of my organization, with their members', response: [GroupDto] })
  list(@CurrentUser() principal: Principal): Promise<GroupDto[]> {
    return this.groups.list(principal);
  }

  @Post('org/groups')
  @Endpoint({
    summary: 'Create a group, optionally with members (organization admin); 201 as the reference',
    response: GroupDto,
    status: 201,
    errors: [403, 404, 409],
  })
  create(@CurrentUser() principal: Principal, @Body() body: CreateGroupDto): Promise<GroupDto> {
    return this.groups.create(
      principal,
      body.name,
      (body.members ?? []).map((member) => member.userUuid.toLowerCase()),
    );
  }

  @Get('groups/:groupUuid')
  @Endpoint({ summary: 'A group with its members', response: GroupDto, errors: [404] })
  get(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string): Promise<GroupDto> {
    return this.groups.get(principal, groupUuid);
  }

  @Patch('groups/:groupUuid')
  @Endpoint({ summary: 'Rename a group and/or replace its members (organization admin)', response: GroupDto, errors: [403, 404, 409] })
  update(
    @CurrentUser() principal: Principal,
    @Param('groupUuid', groupParam) groupUuid: string,
    @Body() body: UpdateGroupDto,
  ): Promise<GroupDto> {
    return this.groups.update(principal, groupUuid, {
      name: body.name,
      memberUuids: body.members?.map((member) => member.userUuid.toLowerCase()),
    });
  }

  @Delete('groups/:groupUuid')
  @Endpoint({ summary: 'Delete a group; its space shares go with it (organization admin)', errors: [403, 404] })
  async delete(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string): Promise<null> {
    await this.groups.delete(principal, groupUuid);
    return null;
  }

  @Put('groups/:groupUuid/members/:userUuid')
  @Endpoint({
    summary: 'Add a user of the organization to a group (organization admin): 201, or 204 without a body when already a member',
    response: GroupDto,
    status: 201,
    errors: [403, 404],
  })
  @ApiResponse({ status: 204, description: 'The user was a member already: nothing changed, no body' })
  async addMember(
    @CurrentUser() principal: Principal,
    @Param('groupUuid', groupParam) groupUuid: string,
    @Param('userUuid', userParam) userUuid: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GroupDto> {
    const { added, group } = await this.groups.addMember(principal, groupUuid, userUuid);
    // As the reference: 201 when the membership is new, 204 (no body) when it existed.
    if (!added) response.status(204);
    return group;
  }

  @Delete('groups/:groupUuid/members/:userUuid')
  @Endpoint({ summary: 'Remove a user from a group (organization admin)', response: GroupDto, errors: [403, 404] })
  removeMember(
    @CurrentUser() principal: Principal,
    @Param('groupUuid', groupParam) groupUuid: string,
    @Param('userUuid', userParam) userUuid: string,
  ): Promise<GroupDto> {
    return this.groups.removeMember(principal, groupUuid, userUuid);
  }
}
