import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved SQL charts: a SQL query with its chart config, in a space (or a dashboard), slug unique
 * per project. What changes with each save (SQL, limit, config) is versioned; views are counted.
 */
export class SavedSqlCharts1764270000000 implements MigrationInterface {
  name = 'SavedSqlCharts1764270000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE saved_sql_charts (
        saved_sql_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        space_uuid uuid NOT NULL REFERENCES spaces (space_uuid) ON DELETE CASCADE,
        dashboard_uuid uuid REFERENCES dashboards (dashboard_uuid) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        description text,
        slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 300),
        views_count integer NOT NULL DEFAULT 0,
        first_viewed_at timestamptz,
        last_viewed_at timestamptz,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        last_updated_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX saved_sql_charts_slug_unique ON saved_sql_charts (project_uuid, slug)`);
    await runner.query(`CREATE INDEX saved_sql_charts_space_idx ON saved_sql_charts (space_uuid)`);
    await runner.query(`
      CREATE TABLE saved_sql_chart_versions (
        version_uuid uuid PRIMARY KEY,
        saved_sql_uuid uuid NOT NULL REFERENCES saved_sql_charts (saved_sql_uuid) ON DELETE CASCADE,
        version_number integer NOT NULL CHECK (version_number >= 1),
        sql text NOT NULL,
        row_limit integer NOT NULL CHECK (row_limit >= 1),
        config jsonb NOT NULL,
        chart_kind text NOT NULL,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (saved_sql_uuid, version_number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE saved_sql_chart_versions`);
    await runner.query(`DROP TABLE saved_sql_charts`);
  }
}
