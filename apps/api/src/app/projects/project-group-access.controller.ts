import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ProjectAccessService } from '@quarry/server/projects';

import { ProjectGroupAccessDto, UpdateProjectAccessDto } from './project-access.dto';

const projectParam = new UuidParam('projectUuid');
const groupParam = new UuidParam('groupUuid');

@ApiTags('Projects')
@Controller('api/v1/projects/:projectUuid/groupAccesses')
export class ProjectGroupAccessController {
  constructor(private readonly access: ProjectAccessService) {}

  @Get()
  @Endpoint({ summary: 'Groups with a role in the project', response: [ProjectGroupAccessDto], errors: [404] })
  list(@CurrentUser() principal: Principal, @Param('projectUuid', projectParam) projectUuid: string): Promise<ProjectGroupAccessDto[]> {
    return this.access.listGroups(principal, projectUuid);
  }

  @Post(':groupUuid')
  @Endpoint({ summary: 'Give every member of a group a project role (project admin)', response: ProjectGroupAccessDto, errors: [403, 404] })
  grant(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('groupUuid', groupParam) groupUuid: string,
    @Body() body: UpdateProjectAccessDto,
  ): Promise<ProjectGroupAccessDto> {
    return this.access.grantGroup(principal, projectUuid, groupUuid, body.role);
  }

  @Patch(':groupUuid')
  @Endpoint({ summary: "Change a group's project role (project admin)", response: ProjectGroupAccessDto, errors: [403, 404] })
  update(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('groupUuid', groupParam) groupUuid: string,
    @Body() body: UpdateProjectAccessDto,
  ): Promise<ProjectGroupAccessDto> {
    return this.access.grantGroup(principal, projectUuid, groupUuid, body.role);
  }

  @Delete(':groupUuid')
  @Endpoint({ summary: "Remove a group's project role (project admin)", errors: [403, 404] })
  async revoke(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', projectParam) projectUuid: string,
    @Param('groupUuid', groupParam) groupUuid: string,
  ): Promise<null> {
    await this.access.revokeGroup(principal, projectUuid, groupUuid);
    return null;
  }
}
