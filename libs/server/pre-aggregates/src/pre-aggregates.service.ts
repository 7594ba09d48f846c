import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal } from '@quarry/domain';
import { type PreAggregateBuildView, PreAggregatesRepository } from '@quarry/server/database';
import { ProjectsService } from '@quarry/server/projects';

import { PreAggregateJobs } from './pre-aggregate-jobs.service';

export interface PreAggregateBuildSummary {
  buildUuid: string;
  status: PreAggregateBuildView['status'];
  trigger: string;
  jobId: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  rows: number | null;
  bytes: number | null;
  durationMs: number | null;
  error: string | null;
}

export interface PreAggregateStatus {
  name: string;
  exploreName: string;
  definition: {
    dimensions: string[];
    metrics: string[];
    timeDimension: string | null;
    granularity: string | null;
    filters: unknown[];
    refreshCron: string | null;
  };
  /** True when queries can be answered from it now (a ready build of the current definition). */
  servable: boolean;
  /** The build queries are answered from. */
  currentBuild: PreAggregateBuildSummary | null;
  /** The latest build, whatever its outcome (a failed one leaves currentBuild as it was). */
  lastBuild: PreAggregateBuildSummary | null;
}

/** The pre-aggregate routes: status (viewers and up) and refresh (developers). */
@Injectable()
export class PreAggregatesService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly preAggregates: PreAggregatesRepository,
    private readonly jobs: PreAggregateJobs,
  ) {}

  async list(principal: Principal, projectUuid: string): Promise<PreAggregateStatus[]> {
    await this.projects.authorized(principal, projectUuid, 'project:view');
    const rows = await this.preAggregates.listStatus(projectUuid);
    return rows.map((row) => {
      const definition = row.definition as {
        dimensions?: string[];
        metrics?: string[];
        timeDimension?: string;
        granularity?: string;
        filters?: unknown[];
        refresh?: { cron?: string };
      };
      return {
        name: row.name,
        exploreName: row.exploreName,
        definition: {
          dimensions: definition.dimensions ?? [],
          metrics: definition.metrics ?? [],
          timeDimension: definition.timeDimension ?? null,
          granularity: definition.granularity ?? null,
          filters: definition.filters ?? [],
          refreshCron: definition.refresh?.cron ?? null,
        },
        servable: row.current !== null && row.current.fingerprint === row.fingerprint,
        currentBuild: summary(row.current),
        lastBuild: summary(row.last),
      };
    });
  }

  /** Queues a build of one pre-aggregate; answers its job id. Developers only. */
  async refresh(principal: Principal, projectUuid: string, name: string): Promise<{ jobId: string }> {
    const project = await this.projects.authorized(principal, projectUuid, 'project:compile');
    const declared = await this.preAggregates.findDeclared(projectUuid, name);
    if (!declared) throw new NotFoundError(`Pre-aggregate "${name}" does not exist in this project`, { name });
    return { jobId: await this.jobs.queueBuild(project, declared, 'manual', principal.userUuid) };
  }
}

function summary(build: PreAggregateBuildView | null): PreAggregateBuildSummary | null {
  if (!build) return null;
  return {
    buildUuid: build.buildUuid,
    status: build.status,
    trigger: build.trigger,
    jobId: build.jobUuid,
    startedAt: build.startedAt?.toISOString() ?? null,
    finishedAt: build.finishedAt?.toISOString() ?? null,
    rows: build.rows,
    bytes: build.bytes,
    durationMs: build.durationMs,
    error: build.error,
  };
}
