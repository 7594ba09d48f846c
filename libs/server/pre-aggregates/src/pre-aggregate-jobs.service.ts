import { randomUUID } from 'node:crypto';

import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { type Explore, isExploreError } from '@quarry/domain';
import { JobName, jobRunOptions, type PreAggregateBuildTrigger, QueueName } from '@quarry/jobs-contracts';
import { AccessChanges } from '@quarry/server/auth';
import { SecretBox } from '@quarry/server/common';
import { type DeclaredPreAggregate, PreAggregatesRepository, type ProjectEntity, ProjectsRepository } from '@quarry/server/database';
import { JobProducer } from '@quarry/server/queue';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';
import type { Queue } from 'bullmq';

import { planRollup } from './rollup-fingerprint';

const SCHEDULER_PREFIX = 'pre-aggregate';

function schedulerId(projectUuid: string, name: string): string {
  return `${SCHEDULER_PREFIX}:${projectUuid}:${name}`;
}

/**
 * Queues pre-aggregate builds: for every definition after a successful compile, on each
 * definition's `refresh.cron` (a BullMQ job scheduler per definition, replaced or removed on
 * recompile), and on request. Each queued build is recorded first, so its status shows `queued`.
 */
@Injectable()
export class PreAggregateJobs {
  private readonly logger = new Logger(PreAggregateJobs.name);

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly preAggregates: PreAggregatesRepository,
    private readonly producer: JobProducer,
    private readonly box: SecretBox,
    private readonly changes: AccessChanges,
    @InjectQueue(QueueName.PreAggregates) private readonly queue: Queue,
  ) {}

  /** After a compile: records the definitions it declared, queues a build of each and keeps their schedules. */
  async afterCompile(projectUuid: string): Promise<{ queued: string[] }> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) return { queued: [] };
    const explores = (await this.projects.listExplores(projectUuid)).filter((explore) => !isExploreError(explore));
    const declared = this.declaredIn(project, explores);
    await this.preAggregates.replaceDeclared(
      projectUuid,
      declared.map(({ item }) => item),
    );
    await this.changes.announce('preAggregates');
    await this.syncSchedules(projectUuid, declared);
    const queued: string[] = [];
    for (const { item } of declared) {
      await this.queueBuild(project, item, 'compile', null);
      queued.push(item.name);
    }
    return { queued };
  }

  /** Queues one build; answers the job id. */
  async queueBuild(
    project: ProjectEntity,
    declared: DeclaredPreAggregate,
    trigger: PreAggregateBuildTrigger,
    userUuid: string | null,
  ): Promise<string> {
    const buildUuid = randomUUID();
    await this.preAggregates.createBuild({
      buildUuid,
      projectUuid: project.projectUuid,
      name: declared.name,
      fingerprint: declared.fingerprint,
      trigger,
      jobUuid: null,
    });
    try {
      const jobUuid = await this.producer.enqueue(
        JobName.BuildPreAggregate,
        { projectUuid: project.projectUuid, name: declared.name, trigger, buildUuid },
        { createdByUserUuid: userUuid, organizationUuid: project.organizationUuid, projectUuid: project.projectUuid },
      );
      await this.preAggregates.attachJob(buildUuid, jobUuid);
      return jobUuid;
    } catch (error) {
      await this.preAggregates.failBuild(buildUuid, (error as Error).message, null);
      throw error;
    }
  }

  /** Stops a definition's schedule (its project or definition is gone). */
  async removeSchedule(projectUuid: string, name: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId(projectUuid, name));
  }

  /** Definitions with their fingerprints; a definition whose plan cannot be made is skipped (the compile reported it on the explore). */
  private declaredIn(project: ProjectEntity, explores: Explore[]): Array<{ item: DeclaredPreAggregate; cron: string | undefined }> {
    if (!project.warehouseConnectionSealed) return [];
    const warehouse = this.box.openJson<WarehouseConnectionConfig>(project.warehouseConnectionSealed);
    const declared: Array<{ item: DeclaredPreAggregate; cron: string | undefined }> = [];
    for (const explore of explores) {
      for (const definition of explore.preAggregates ?? []) {
        try {
          const { fingerprint } = planRollup(explore, definition, warehouse.type);
          declared.push({
            item: { name: definition.name, exploreName: explore.name, definition, fingerprint },
            cron: definition.refresh?.cron,
          });
        } catch (error) {
          this.logger.warn(
            { projectUuid: project.projectUuid, name: definition.name, err: error },
            'Pre-aggregate cannot be planned; skipped',
          );
        }
      }
    }
    return declared;
  }

  private async syncSchedules(
    projectUuid: string,
    declared: Array<{ item: DeclaredPreAggregate; cron: string | undefined }>,
  ): Promise<void> {
    const wanted = new Map(
      declared
        .filter(({ cron }) => cron)
        .map(({ item, cron }) => [schedulerId(projectUuid, item.name), { name: item.name, cron: cron as string }]),
    );
    const prefix = `${SCHEDULER_PREFIX}:${projectUuid}:`;
    const existing = await this.queue.getJobSchedulers(0, -1);
    for (const scheduler of existing) {
      const id = scheduler.key ?? scheduler.id;
      if (id?.startsWith(prefix) && !wanted.has(id)) await this.queue.removeJobScheduler(id);
    }
    const { attempts, backoff, removeOnComplete, removeOnFail } = jobRunOptions(JobName.BuildPreAggregate);
    for (const [id, { name, cron }] of wanted) {
      await this.queue.upsertJobScheduler(
        id,
        { pattern: cron, tz: 'UTC' },
        {
          name: JobName.BuildPreAggregate,
          data: { projectUuid, name, trigger: 'schedule' },
          opts: { attempts, backoff, removeOnComplete, removeOnFail },
        },
      );
    }
  }
}
