import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AnyExplore, Principal } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ProjectsService } from '@quarry/server/projects';

import { JobIdDto } from '../jobs/jobs.dto';
import { toExploreSummary } from './explore-summary.mapper';
import { CreateProjectDto, CreateProjectResultDto, ExploreSummaryDto, ProjectDto } from './projects.dto';

@ApiTags('Projects')
@Controller('api/v1')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Post('org/projects')
  @Endpoint({
    summary: 'Create a project (E15)',
    description:
      'Tests the warehouse connection at once (400 naming the failing step), then compiles the transform project on the worker: ' +
      'poll project.compile.jobId with GET /api/v1/schedulers/job/{jobId}/status.',
    response: CreateProjectResultDto,
    errors: [403, 404, 503],
  })
  async create(@CurrentUser() principal: Principal, @Body() body: CreateProjectDto): Promise<CreateProjectResultDto> {
    return this.projects.create(principal, body);
  }

  @Get('org/projects')
  @Endpoint({ summary: 'Projects of my organization that I can see', response: [ProjectDto] })
  list(@CurrentUser() principal: Principal): Promise<ProjectDto[]> {
    return this.projects.list(principal);
  }

  @Get('projects/:projectUuid')
  @Endpoint({ summary: 'A project', response: ProjectDto, errors: [404] })
  get(@CurrentUser() principal: Principal, @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string): Promise<ProjectDto> {
    return this.projects.get(principal, projectUuid);
  }

  @Delete('projects/:projectUuid')
  @Endpoint({ summary: 'Delete a project (admin, or the developer who created a preview)', errors: [403, 404] })
  async delete(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<null> {
    await this.projects.delete(principal, projectUuid);
    return null;
  }

  @Post('projects/:projectUuid/refresh')
  @Endpoint({ summary: "Recompile the project's explores (developer)", response: JobIdDto, errors: [403, 404, 503] })
  async refresh(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<JobIdDto> {
    return { jobId: await this.projects.refresh(principal, projectUuid) };
  }

  @Get('projects/:projectUuid/explores')
  @Endpoint({ summary: 'Explores of a project (summaries)', response: [ExploreSummaryDto], errors: [404, 409] })
  async listExplores(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
  ): Promise<ExploreSummaryDto[]> {
    return (await this.projects.listExplores(principal, projectUuid)).map(toExploreSummary);
  }

  @Get('projects/:projectUuid/explores/:exploreId')
  @Endpoint({ summary: 'An explore with its compiled fields', errors: [404, 409] })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['ok'] }, results: { type: 'object', additionalProperties: true } },
    },
  })
  getExplore(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('exploreId') exploreId: string,
  ): Promise<AnyExplore> {
    return this.projects.getExplore(principal, projectUuid, exploreId);
  }
}
