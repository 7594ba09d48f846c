import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PreAggregateDefinition } from '@quarry/domain';
import type { DataSource } from 'typeorm';

import type { PreAggregateBuildStatus } from '../entities/pre-aggregate.entity';

/** A definition as the last compile declared it. */
export interface DeclaredPreAggregate {
  name: string;
  exploreName: string;
  definition: PreAggregateDefinition;
  fingerprint: string;
}

export interface PreAggregateBuildView {
  buildUuid: string;
  status: PreAggregateBuildStatus;
  trigger: string;
  jobUuid: string | null;
  fingerprint: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  rows: number | null;
  bytes: number | null;
  durationMs: number | null;
  error: string | null;
  filePath: string | null;
}

export interface PreAggregateStatusRow extends DeclaredPreAggregate {
  /** The build queries are served from (ready, and made from the current fingerprint), if any. */
  current: PreAggregateBuildView | null;
  /** The latest build attempt, whatever its outcome. */
  last: PreAggregateBuildView | null;
}

/** A rollup queries may read: the current build of a definition, built from its current fingerprint. */
export interface ServedRollup {
  name: string;
  exploreName: string;
  fingerprint: string;
  buildUuid: string;
  /** The file the worker wrote (in its DATA_DIR). */
  filePath: string;
  /** Its copy in the S3 bucket, when S3 was configured for the build. */
  objectKey: string | null;
  rows: number;
  /** The `now` its query was compiled with. */
  builtAt: Date;
}

/** A build's rollup file kept after it was replaced, to remove once the grace period is over. */
export interface ReplacedRollupFile {
  projectUuid: string;
  name: string;
  buildUuid: string;
  filePath: string;
  objectKey: string | null;
  bytes: number | null;
}

export interface FinishedBuild {
  rows: number;
  bytes: number;
  durationMs: number;
  filePath: string;
  /** The build's object in the S3 bucket, when uploaded there. */
  objectKey: string | null;
}

interface BuildRow {
  build_uuid: string;
  status: PreAggregateBuildStatus;
  trigger: string;
  job_uuid: string | null;
  fingerprint: string;
  started_at: Date | null;
  finished_at: Date | null;
  row_count: string | null;
  byte_count: string | null;
  duration_ms: number | null;
  error: string | null;
  file_path: string | null;
}

const BUILD_COLUMNS =
  'build_uuid, status, trigger, job_uuid, fingerprint, started_at, finished_at, row_count, byte_count, duration_ms, error, file_path';

function buildView(row: BuildRow | null | undefined): PreAggregateBuildView | null {
  if (!row?.build_uuid) return null;
  return {
    buildUuid: row.build_uuid,
    status: row.status,
    trigger: row.trigger,
    jobUuid: row.job_uuid,
    fingerprint: row.fingerprint,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    rows: row.row_count === null ? null : Number(row.row_count),
    bytes: row.byte_count === null ? null : Number(row.byte_count),
    durationMs: row.duration_ms,
    error: row.error,
    filePath: row.file_path,
  };
}

/**
 * Pre-aggregate definitions and their builds. A build is made current in the same transaction
 * that marks it ready (the atomic swap); a failed build never touches the current one.
 */
@Injectable()
export class PreAggregatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Replaces the project's declared definitions; returns the names that are gone (their builds go with them). */
  async replaceDeclared(projectUuid: string, declared: readonly DeclaredPreAggregate[]): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const names = declared.map((item) => item.name);
      // TypeORM answers an UPDATE or DELETE … RETURNING with [rows, affected].
      const [removed] = (await manager.query(
        `DELETE FROM pre_aggregates WHERE project_uuid = $1 AND NOT (name = ANY($2::text[])) RETURNING name`,
        [projectUuid, names],
      )) as [Array<{ name: string }>, number];
      if (removed.length > 0) {
        await manager.query(
          `UPDATE pre_aggregate_builds SET superseded_at = coalesce(superseded_at, now()) WHERE project_uuid = $1 ` +
            `AND pre_aggregate_name = ANY($2::text[])`,
          [projectUuid, removed.map((row) => row.name)],
        );
      }
      for (const item of declared) {
        await manager.query(
          `INSERT INTO pre_aggregates (project_uuid, name, explore_name, definition, fingerprint)
           VALUES ($1, $2, $3, $4::jsonb, $5)
           ON CONFLICT (project_uuid, name) DO UPDATE
           SET explore_name = EXCLUDED.explore_name, definition = EXCLUDED.definition, fingerprint = EXCLUDED.fingerprint, ` +
            `updated_at = now()`,
          [projectUuid, item.name, item.exploreName, JSON.stringify(item.definition), item.fingerprint],
        );
      }
      return removed.map((row) => row.name);
    });
  }

  async findDeclared(projectUuid: string, name: string): Promise<DeclaredPreAggregate | null> {
    const rows: Array<{ name: string; explore_name: string; definition: PreAggregateDefinition; fingerprint: string }> =
      await this.dataSource.query(
        `SELECT name, explore_name, definition, fingerprint FROM pre_aggregates WHERE project_uuid = $1 AND name = $2`,
        [projectUuid, name],
      );
    const row = rows[0];
    return row ? { name: row.name, exploreName: row.explore_name, definition: row.definition, fingerprint: row.fingerprint } : null;
  }

  async listStatus(projectUuid: string): Promise<PreAggregateStatusRow[]> {
    const rows: Array<{
      name: string;
      explore_name: string;
      definition: PreAggregateDefinition;
      fingerprint: string;
      current: BuildRow | null;
      last: BuildRow | null;
    }> = await this.dataSource.query(
      `SELECT p.name, p.explore_name, p.definition, p.fingerprint,
                (SELECT row_to_json(c) FROM (SELECT ${BUILD_COLUMNS} FROM pre_aggregate_builds ` +
        `WHERE build_uuid = p.current_build_uuid) c) AS current,
                (SELECT row_to_json(l) FROM (SELECT ${BUILD_COLUMNS} FROM pre_aggregate_builds
                   WHERE project_uuid = p.project_uuid AND pre_aggregate_name = p.name ORDER BY created_at DESC LIMIT 1) l) AS last
         FROM pre_aggregates p WHERE p.project_uuid = $1 ORDER BY p.explore_name, p.name`,
      [projectUuid],
    );
    return rows.map((row) => ({
      name: row.name,
      exploreName: row.explore_name,
      definition: row.definition,
      fingerprint: row.fingerprint,
      current: buildView(dated(row.current)),
      last: buildView(dated(row.last)),
    }));
  }

  /** The rollups queries may read now: a current build made from the definition's current fingerprint. */
  async servedRollups(projectUuid: string): Promise<ServedRollup[]> {
    const rows: Array<{
      name: string;
      explore_name: string;
      fingerprint: string;
      build_uuid: string;
      file_path: string;
      object_key: string | null;
      row_count: string;
      built_at: Date;
    }> = await this.dataSource.query(
      `SELECT p.name, p.explore_name, p.fingerprint, b.build_uuid, b.file_path, b.object_key, b.row_count, coalesce(b.built_at, ` +
        `b.started_at) AS built_at
       FROM pre_aggregates p JOIN pre_aggregate_builds b ON b.build_uuid = p.current_build_uuid
       WHERE p.project_uuid = $1 AND b.status = 'ready' AND b.fingerprint = p.fingerprint AND b.file_path IS NOT NULL`,
      [projectUuid],
    );
    return rows.map((row) => ({
      name: row.name,
      exploreName: row.explore_name,
      fingerprint: row.fingerprint,
      buildUuid: row.build_uuid,
      filePath: row.file_path,
      objectKey: row.object_key,
      rows: Number(row.row_count),
      builtAt: row.built_at,
    }));
  }

  async createBuild(build: {
    buildUuid: string;
    projectUuid: string;
    name: string;
    fingerprint: string;
    trigger: string;
    jobUuid: string | null;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO pre_aggregate_builds (build_uuid, project_uuid, pre_aggregate_name, fingerprint, status, trigger, job_uuid) VALUES ` +
        `($1, $2, $3, $4, 'queued', $5, $6)
       ON CONFLICT (build_uuid) DO NOTHING`,
      [build.buildUuid, build.projectUuid, build.name, build.fingerprint, build.trigger, build.jobUuid],
    );
  }

  async attachJob(buildUuid: string, jobUuid: string): Promise<void> {
    await this.dataSource.query(`UPDATE pre_aggregate_builds SET job_uuid = $2 WHERE build_uuid = $1`, [buildUuid, jobUuid]);
  }

  /** `builtAt`: the `now` the rollup query is compiled with. */
  async markBuilding(buildUuid: string, fingerprint: string, builtAt: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE pre_aggregate_builds SET status = 'building', fingerprint = $2, started_at = now(), built_at = $3, error = NULL ` +
        `WHERE build_uuid = $1`,
      [buildUuid, fingerprint, builtAt],
    );
  }

  /**
   * Marks the build ready and, in the same transaction, makes it the one served when it was made
   * from the definition's current fingerprint (a definition changed meanwhile keeps its build).
   * The build it replaces is marked superseded: its file is removed after a grace period.
   */
  async completeBuild(buildUuid: string, finished: FinishedBuild): Promise<{ served: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const [[build]] = (await manager.query(
        `UPDATE pre_aggregate_builds SET status = 'ready', finished_at = now(), row_count = $2, byte_count = $3, duration_ms = $4, ` +
          `file_path = $5, object_key = $6, error = NULL
         WHERE build_uuid = $1 RETURNING project_uuid, pre_aggregate_name, fingerprint`,
        [buildUuid, finished.rows, finished.bytes, finished.durationMs, finished.filePath, finished.objectKey],
      )) as [Array<{ project_uuid: string; pre_aggregate_name: string; fingerprint: string }>, number];
      if (!build) return { served: false };
      // Locks the definition's row: two builds finishing at once swap one after the other.
      const [declared]: Array<{ fingerprint: string; current_build_uuid: string | null }> = await manager.query(
        `SELECT fingerprint, current_build_uuid FROM pre_aggregates WHERE project_uuid = $1 AND name = $2 FOR UPDATE`,
        [build.project_uuid, build.pre_aggregate_name],
      );
      if (!declared || declared.fingerprint !== build.fingerprint) {
        await manager.query(`UPDATE pre_aggregate_builds SET superseded_at = now() WHERE build_uuid = $1`, [buildUuid]);
        return { served: false };
      }
      if (declared.current_build_uuid) {
        await manager.query(`UPDATE pre_aggregate_builds SET superseded_at = now() WHERE build_uuid = $1`, [declared.current_build_uuid]);
      }
      await manager.query(`UPDATE pre_aggregates SET current_build_uuid = $3, updated_at = now() WHERE project_uuid = $1 AND name = $2`, [
        build.project_uuid,
        build.pre_aggregate_name,
        buildUuid,
      ]);
      return { served: true };
    });
  }

  async failBuild(buildUuid: string, error: string, durationMs: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE pre_aggregate_builds SET status = 'failed', finished_at = now(), error = $2, duration_ms = $3 WHERE build_uuid = $1`,
      [buildUuid, error, durationMs],
    );
  }

  /** Files of builds superseded before `cutoff` (or of any build of a project's removed definitions) still kept. */
  async staleFiles(projectUuid: string, cutoff: Date): Promise<ReplacedRollupFile[]> {
    const rows: ReplacedRow[] = await this.dataSource.query(
      `SELECT ${REPLACED_COLUMNS} FROM pre_aggregate_builds
       WHERE project_uuid = $1 AND file_path IS NOT NULL AND NOT file_removed AND superseded_at IS NOT NULL AND superseded_at < $2`,
      [projectUuid, cutoff],
    );
    return rows.map(replacedFile);
  }

  /** Files of every project's builds superseded before `cutoff`, still kept (the maintenance purge). */
  async staleFilesAnywhere(cutoff: Date): Promise<ReplacedRollupFile[]> {
    const rows: ReplacedRow[] = await this.dataSource.query(
      `SELECT ${REPLACED_COLUMNS} FROM pre_aggregate_builds WHERE file_path IS NOT NULL AND NOT file_removed ` +
        `AND superseded_at IS NOT NULL AND superseded_at < $1`,
      [cutoff],
    );
    return rows.map(replacedFile);
  }

  /**
   * Of these builds, those whose files no longer need keeping: removed, superseded before
   * `cutoff`, or gone with their project (a local copy of such a build may be deleted).
   */
  async unneededBuilds(buildUuids: readonly string[], cutoff: Date): Promise<Set<string>> {
    if (buildUuids.length === 0) return new Set();
    const kept: Array<{ build_uuid: string }> = await this.dataSource.query(
      `SELECT build_uuid FROM pre_aggregate_builds
       WHERE build_uuid = ANY($1::uuid[]) AND NOT file_removed AND (superseded_at IS NULL OR superseded_at >= $2)`,
      [buildUuids, cutoff],
    );
    const keep = new Set(kept.map((row) => row.build_uuid));
    return new Set(buildUuids.filter((buildUuid) => !keep.has(buildUuid)));
  }

  /** Of these project ids, those of projects that exist. */
  async existingProjects(projectUuids: readonly string[]): Promise<Set<string>> {
    if (projectUuids.length === 0) return new Set();
    const rows: Array<{ project_uuid: string }> = await this.dataSource.query(
      `SELECT project_uuid FROM projects WHERE project_uuid = ANY($1::uuid[])`,
      [projectUuids],
    );
    return new Set(rows.map((row) => row.project_uuid));
  }

  async markFilesRemoved(buildUuids: readonly string[]): Promise<void> {
    if (buildUuids.length === 0) return;
    await this.dataSource.query(`UPDATE pre_aggregate_builds SET file_removed = true WHERE build_uuid = ANY($1::uuid[])`, [buildUuids]);
  }
}

interface ReplacedRow {
  project_uuid: string;
  pre_aggregate_name: string;
  build_uuid: string;
  file_path: string;
  object_key: string | null;
  byte_count: string | null;
}

const REPLACED_COLUMNS = 'project_uuid, pre_aggregate_name, build_uuid, file_path, object_key, byte_count';

function replacedFile(row: ReplacedRow): ReplacedRollupFile {
  return {
    projectUuid: row.project_uuid,
    name: row.pre_aggregate_name,
    buildUuid: row.build_uuid,
    filePath: row.file_path,
    objectKey: row.object_key,
    bytes: row.byte_count === null ? null : Number(row.byte_count),
  };
}

/** row_to_json gives timestamps as text. */
function dated(row: BuildRow | null): BuildRow | null {
  if (!row) return null;
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    ...row,
    started_at: date(row.started_at),
    finished_at: date(row.finished_at),
    row_count: row.row_count === null ? null : String(row.row_count),
    byte_count: row.byte_count === null ? null : String(row.byte_count),
  };
}
