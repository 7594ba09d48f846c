import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { SpacesService } from '@quarry/server/content';

import { CreateSpaceDto, ShareSpaceWithGroupDto, ShareSpaceWithUserDto, SpaceDto, SpaceSummaryDto, UpdateSpaceDto } from './spaces.dto';

const projectParam = new UuidParam('projectUuid');
const spaceParam = new UuidParam('spaceUuid');

@ApiTags('Spaces')
@Controller('api/v1/projects/:projectUuid/spaces')
export class SpacesController {
  constructor(private readonly spaces: SpacesService) {}

  @Get()
  @Endpoint({ summary: 'Spaces of the project the caller may see', response: [SpaceSummaryDto], errors: [404] })
  list(@CurrentUser() principal: Principal, @Param('projectUuid', projectParam) projectUuid: string): Promise<SpaceSummaryDto[]> {
    return this.spaces.list(principal, projectUuid);
  }

  @Post()
  @Endpoint({
    summary: 'Create a space, optionally private, shared or nested (project editor; editor of the parent)',
    response: SpaceDto,
    errors: [403, 404],
  })
  create(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Body() body: CreateSpaceDto,
  ): Promise<SpaceDto> {
    return this.spaces.create(principal, projectUuid, body);
  }

  @Get(':spaceUuid')
  @Endpoint({ summary: 'Get a space (E3); private spaces the caller cannot see answer 404', response: SpaceDto, errors: [404] })
  get(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
  ): Promise<SpaceDto> {
    return this.spaces.get(principal, projectUuid, spaceUuid);
  }

  @Patch(':spaceUuid')
  @Endpoint({
    summary: 'Update a space (E2): name, privacy, inheritance of the parent permissions',
    response: SpaceDto,
    errors: [403, 404],
  })
  update(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
    @Body() body: UpdateSpaceDto,
  ): Promise<SpaceDto> {
    return this.spaces.update(principal, projectUuid, spaceUuid, body);
  }

  @Delete(':spaceUuid')
  @Endpoint({ summary: 'Delete a space with its sub-spaces', errors: [403, 404] })
  async delete(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
  ): Promise<null> {
    await this.spaces.delete(principal, projectUuid, spaceUuid);
    return null;
  }

  @Post(':spaceUuid/share')
  @Endpoint({
    summary: 'Share the space with a user of the organization, or change their space role',
    response: SpaceDto,
    errors: [403, 404],
  })
  shareWithUser(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
    @Body() body: ShareSpaceWithUserDto,
  ): Promise<SpaceDto> {
    return this.spaces.shareWithUser(principal, projectUuid, spaceUuid, body.userUuid, body.spaceRole);
  }

  @Delete(':spaceUuid/share/:userUuid')
  @Endpoint({ summary: "Remove a user's direct share of the space", response: SpaceDto, errors: [403, 404] })
  unshareUser(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
    @Param('userUuid', new UuidParam('userUuid')) userUuid: string,
  ): Promise<SpaceDto> {
    return this.spaces.unshareUser(principal, projectUuid, spaceUuid, userUuid);
  }

  @Post(':spaceUuid/group/share')
  @Endpoint({ summary: 'Share the space with a group, or change its space role', response: SpaceDto, errors: [403, 404] })
  shareWithGroup(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
    @Body() body: ShareSpaceWithGroupDto,
  ): Promise<SpaceDto> {
    return this.spaces.shareWithGroup(principal, projectUuid, spaceUuid, body.groupUuid, body.spaceRole);
  }

  @Delete(':spaceUuid/group/share/:groupUuid')
  @Endpoint({ summary: "Remove a group's share of the space", response: SpaceDto, errors: [403, 404] })
  unshareGroup(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('spaceUuid', spaceParam) spaceUuid: string,
    @Param('groupUuid', new UuidParam('groupUuid')) groupUuid: string,
  ): Promise<SpaceDto> {
    return this.spaces.unshareGroup(principal, projectUuid, spaceUuid, groupUuid);
  }
}
