import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ProjectAccessService } from '@quarry/server/projects';

import { GrantProjectAccessDto, ProjectMemberDto, UpdateProjectAccessDto } from './project-access.dto';

@ApiTags('Projects')
@Controller('api/v1/projects/:projectUuid/access')
export class ProjectAccessController {
  constructor(private readonly access: ProjectAccessService) {}

  @Get()
  @Endpoint({ summary: 'Users with a direct role in the project', response: [ProjectMemberDto], errors: [404] })
  list(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<ProjectMemberDto[]> {
    return this.access.list(principal, projectUuid);
  }

  @Post()
  @Endpoint({ summary: 'Give a user of the organization a project role (project admin)', response: ProjectMemberDto, errors: [403, 404] })
  grant(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Body() body: GrantProjectAccessDto,
  ): Promise<ProjectMemberDto> {
    return this.access.grant(principal, projectUuid, body.userUuid, body.role);
  }

  @Patch(':userUuid')
  @Endpoint({ summary: "Change a user's project role (project admin)", response: ProjectMemberDto, errors: [403, 404] })
  update(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('userUuid', new UuidParam('userUuid')) userUuid: string,
    @Body() body: UpdateProjectAccessDto,
  ): Promise<ProjectMemberDto> {
    return this.access.grant(principal, projectUuid, userUuid, body.role);
  }

  @Delete(':userUuid')
  @Endpoint({ summary: "Remove a user's direct project role (project admin)", errors: [403, 404] })
  async revoke(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('userUuid', new UuidParam('userUuid')) userUuid: string,
  ): Promise<null> {
    await this.access.revoke(principal, projectUuid, userUuid);
    return null;
  }
}
