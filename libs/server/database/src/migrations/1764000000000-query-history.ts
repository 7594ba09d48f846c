import type { MigrationInterface, QueryRunner } from 'typeorm';

/** v2 queries (E12): what was asked and how it went; the rows themselves live in Redis with a TTL. */
export class QueryHistory1764000000000 implements MigrationInterface {
  name = 'QueryHistory1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE query_history (
        query_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        created_by_user_uuid uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
        context text,
        status text NOT NULL CHECK (status IN ('pending', 'ready', 'error', 'cancelled')),
        error text,
        metric_query jsonb NOT NULL,
        pivot_configuration jsonb,
        cache_key text NOT NULL,
        total_results integer,
        columns jsonb,
        pivot_details jsonb,
        initial_query_execution_ms integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX query_history_project_created_idx ON query_history (project_uuid, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE query_history`);
  }
}
