import { Body, Controller, Delete, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { GroupsService } from '@quarry/server/content';

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
  @Endpoint({ summary: 'Create a group, optionally with members (organization admin)', response: GroupDto, errors: [403, 404, 409] })
  create(@CurrentUser() principal: Principal, @Body() body: CreateGroupDto): Promise<GroupDto> {
    return this.groups.create(principal, body.name, (body.members ?? []).map((member) => member.userUuid.toLowerCase()));
  }

  @Get('groups/:groupUuid')
  @Endpoint({ summary: 'A group with its members', response: GroupDto, errors: [404] })
  get(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string): Promise<GroupDto> {
    return this.groups.get(principal, groupUuid);
  }

  @Patch('groups/:groupUuid')
  @Endpoint({ summary: 'Rename a group (organization admin)', response: GroupDto, errors: [403, 404, 409] })
  rename(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string, @Body() body: UpdateGroupDto): Promise<GroupDto> {
    return this.groups.rename(principal, groupUuid, body.name);
  }

  @Delete('groups/:groupUuid')
  @Endpoint({ summary: 'Delete a group; its space shares go with it (organization admin)', errors: [403, 404] })
  async delete(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string): Promise<null> {
    await this.groups.delete(principal, groupUuid);
    return null;
  }

  @Put('groups/:groupUuid/members/:userUuid')
  @Endpoint({ summary: 'Add a user of the organization to a group (organization admin)', response: GroupDto, errors: [403, 404] })
  addMember(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string, @Param('userUuid', userParam) userUuid: string): Promise<GroupDto> {
    return this.groups.addMember(principal, groupUuid, userUuid);
  }

  @Delete('groups/:groupUuid/members/:userUuid')
  @Endpoint({ summary: 'Remove a user from a group (organization admin)', response: GroupDto, errors: [403, 404] })
  removeMember(@CurrentUser() principal: Principal, @Param('groupUuid', groupParam) groupUuid: string, @Param('userUuid', userParam) userUuid: string): Promise<GroupDto> {
    return this.groups.removeMember(principal, groupUuid, userUuid);
  }
}
