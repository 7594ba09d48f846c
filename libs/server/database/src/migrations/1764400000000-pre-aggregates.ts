import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pre-aggregates (issue 16): one row per definition a project's last compile declared, with the
 * fingerprint of what it would build now and the build currently served; one row per build
 * attempt with its outcome and, once ready, the Parquet file it wrote. Swapping the served build
 * is one UPDATE of `current_build_uuid`, so a query sees the old rollup or the new, never half.
 */
export class PreAggregates1764400000000 implements MigrationInterface {
  name = 'PreAggregates1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE pre_aggregate_builds (
        build_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        pre_aggregate_name text NOT NULL,
        fingerprint text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'building', 'ready', 'failed')),
        job_uuid text,
        trigger text NOT NULL,
        started_at timestamptz,
        built_at timestamptz,
        finished_at timestamptz,
        row_count bigint,
        byte_count bigint,
        duration_ms int,
        error text,
        file_path text,
        superseded_at timestamptz,
        file_removed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX pre_aggregate_builds_by_name ON pre_aggregate_builds (project_uuid, pre_aggregate_name, created_at DESC)`,
    );
    await runner.query(`
      CREATE TABLE pre_aggregates (
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        name text NOT NULL,
        explore_name text NOT NULL,
        definition jsonb NOT NULL,
        fingerprint text NOT NULL,
        current_build_uuid uuid REFERENCES pre_aggregate_builds (build_uuid) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_uuid, name)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE pre_aggregates`);
    await runner.query(`DROP TABLE pre_aggregate_builds`);
  }
}
