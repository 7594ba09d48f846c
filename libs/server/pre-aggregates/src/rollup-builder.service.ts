import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

import { Injectable, Logger } from '@nestjs/common';
import { withColumnNames } from '@quarry/compiler';
import { type Explore, NotFoundError, ParameterError } from '@quarry/domain';
import type { BuildPreAggregatePayload, BuildPreAggregateResult } from '@quarry/jobs-contracts';
import { AccessChanges } from '@quarry/server/auth';
import { isUuid, SecretBox } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { PreAggregatesRepository, ProjectsRepository } from '@quarry/server/database';
import { WarehouseAccess } from '@quarry/server/projects';
import type { WarehouseConnectionConfig } from '@quarry/warehouses';

import { PreAggregateJobs } from './pre-aggregate-jobs.service';
import { RollupColumnTypes } from './rollup-column-types';
import { RollupEngine } from './rollup-duckdb.provider';
import { planRollup } from './rollup-fingerprint';
import { rollupDirectory, rollupFile } from './rollup-location';
import { RollupHousekeeping } from './storage/rollup-housekeeping.service';
import { type RollupRef, RollupStore } from './storage/rollup-store';

/** Rows streamed from the warehouse per batch while a rollup is written. */
const BATCH_SIZE = 5_000;

/**
 * Materializes one pre-aggregate (worker): runs its rollup query on the project's warehouse,
 * streams the rows to a JSON-lines file, has DuckDB write them as typed Parquet under a temporary
 * name, renames it into place and swaps it in (one transaction). A failure records its error on
 * the build and leaves the served build as it was.
 */
@Injectable()
export class RollupBuilderService {
  private readonly logger = new Logger(RollupBuilderService.name);

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly preAggregates: PreAggregatesRepository,
    private readonly warehouses: WarehouseAccess,
    private readonly box: SecretBox,
    private readonly engine: RollupEngine,
    private readonly config: AppConfig,
    private readonly changes: AccessChanges,
    private readonly jobs: PreAggregateJobs,
    private readonly store: RollupStore,
    private readonly housekeeping: RollupHousekeeping,
  ) {}

  async build(payload: BuildPreAggregatePayload, jobId: string): Promise<BuildPreAggregateResult> {
    const { projectUuid, name } = payload;
    const project = await this.projects.findByUuid(projectUuid);
    const declared = project ? await this.preAggregates.findDeclared(projectUuid, name) : null;
    if (!project || !declared) {
      // A schedule outlives a deleted project (recompiles replace schedules, deletes do not): it ends here.
      if (payload.trigger === 'schedule') await this.jobs.removeSchedule(projectUuid, name);
      if (!project && isUuid(projectUuid)) await this.store.removeProject(projectUuid);
      throw project
        ? new NotFoundError(`Pre-aggregate "${name}" is not defined in this project`, { name })
        : new NotFoundError('Project not found', { projectUuid });
    }
    const buildUuid = payload.buildUuid ?? uuidOf(jobId);
    if (!payload.buildUuid) {
      await this.preAggregates.createBuild({
        buildUuid,
        projectUuid,
        name,
        fingerprint: declared.fingerprint,
        trigger: payload.trigger,
        jobUuid: jobId,
      });
    }
    const started = Date.now();
    const directory = rollupDirectory(this.config.dataDir, projectUuid, name);
    const jsonPath = join(directory, `.${buildUuid}.jsonl`);
    const stagedPath = join(directory, `.${buildUuid}.parquet`);
    // Published (renamed into place, uploaded) but not yet swapped in: removed if the build fails.
    let published: RollupRef | undefined;
    try {
      const explore = (await this.projects.findExplore(projectUuid, declared.exploreName)) as Explore | null;
      const definition = explore?.preAggregates?.find((candidate) => candidate.name === name);
      if (!explore || !definition)
        throw new NotFoundError(`Pre-aggregate "${name}" is no longer in explore "${declared.exploreName}"`, { name });
      if (!project.warehouseConnectionSealed) throw new ParameterError('The project has no warehouse connection');
      const warehouse = this.box.openJson<WarehouseConnectionConfig>(project.warehouseConnectionSealed);
      // Relative-date filters of the definition hold as of this moment, which the matcher is told.
      const builtAt = new Date();
      const { plan, compiled, fingerprint } = planRollup(explore, definition, warehouse.type, builtAt);
      await this.preAggregates.markBuilding(buildUuid, fingerprint, builtAt);
      await mkdir(directory, { recursive: true });
      const names = plan.columns.map((column) => column.name);
      const types = new RollupColumnTypes(names);
      const out = createWriteStream(jsonPath);
      try {
        await this.warehouses.with(warehouse, project.organizationUuid, async (adapter) => {
          const stream = adapter.streamQuery(compiled.sql, compiled.params, {
            batchSize: BATCH_SIZE,
            timeoutMs: this.config.query.timeoutMs,
            timezone: 'UTC',
            onFields: (fields) => {
              for (const [alias, field] of Object.entries(fields)) types.declare(compiled.columnNames[alias] ?? alias, field.type);
            },
          });
          for await (const batch of stream) {
            let text = '';
            for (const raw of batch) {
              const row = withColumnNames(raw, compiled.columnNames);
              const line: Record<string, unknown> = {};
              for (const column of plan.columns)
                line[column.name] = types.observe(column.name, row[column.name] ?? row[column.fieldId] ?? null);
              text += `${JSON.stringify(line)}\n`;
            }
            if (!out.write(text)) await once(out, 'drain');
          }
        });
      } finally {
        out.end();
        await once(out, 'close');
      }
      const filePath = rollupFile(this.config.dataDir, projectUuid, name, buildUuid);
      const rows = await this.engine.jsonLinesToParquet(projectUuid, jsonPath, types.columns(), stagedPath);
      await rename(stagedPath, filePath);
      published = { projectUuid, name, buildUuid, filePath, objectKey: null };
      const { size: bytes } = await stat(filePath);
      // With S3, uploaded before the swap: every process can fetch the build it is told to serve.
      const stored = await this.store.publish({ projectUuid, name, buildUuid }, filePath);
      published = { ...published, ...stored };
      const durationMs = Date.now() - started;
      const { served } = await this.preAggregates.completeBuild(buildUuid, { rows, bytes, durationMs, ...stored });
      published = undefined;
      await this.changes.announce('preAggregates');
      this.logger.log(
        { projectUuid, name, buildUuid, rows, bytes, durationMs, served, objectKey: stored.objectKey },
        'Pre-aggregate built',
      );
      await this.removeReplacedFiles(projectUuid);
      if (!served) await this.removeIfProjectDeleted(projectUuid);
      return { projectUuid, name, buildUuid, rows, bytes, durationMs, served };
    } catch (error) {
      await rm(stagedPath, { force: true });
      if (published)
        await this.store
          .remove([{ ...published, bytes: null }])
          .catch((failure: unknown) => this.logger.warn({ buildUuid, err: failure }, 'Could not remove the files of a failed build'));
      await this.removeIfProjectDeleted(projectUuid);
      await this.preAggregates.failBuild(buildUuid, (error as Error).message, Date.now() - started);
      await this.changes.announce('preAggregates');
      throw error;
    } finally {
      await rm(jsonPath, { force: true });
    }
  }

  /**
   * A project deleted while its rollup was built: the deletion's sweep may have run before this
   * build wrote its folder, which would then stay until the maintenance purge.
   */
  private async removeIfProjectDeleted(projectUuid: string): Promise<void> {
    try {
      if (!(await this.projects.findByUuid(projectUuid))) await this.store.removeProject(projectUuid);
    } catch (error) {
      this.logger.warn({ projectUuid, err: error }, 'Could not remove the rollups of a deleted project; the maintenance purge tries again');
    }
  }

  /** Files replaced more than the grace period ago: queries that were reading them have finished. The build stands if this fails. */
  private async removeReplacedFiles(projectUuid: string): Promise<void> {
    try {
      await this.housekeeping.removeReplaced(projectUuid);
    } catch (error) {
      this.logger.warn({ projectUuid, err: error }, 'Could not remove replaced rollup files; the maintenance purge tries again');
    }
  }
}

/** A scheduled run's build id, the same on each attempt of that run. */
function uuidOf(jobId: string): string {
  const hex = createHash('sha256').update(`pre-aggregate-build:${jobId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
