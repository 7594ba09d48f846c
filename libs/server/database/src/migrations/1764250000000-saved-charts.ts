import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved charts and their versions. A chart's identity (space, slug, view counters) lives in
 * `saved_charts`; what it shows lives in `saved_chart_versions`, one row per save, so history and
 * promotion can add versions without rewriting old ones. Slugs are unique per project so
 * charts as code and promotion can match charts across projects.
 */
export class SavedCharts1764250000000 implements MigrationInterface {
  name = 'SavedCharts1764250000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE saved_charts (
        saved_chart_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        space_uuid uuid NOT NULL REFERENCES spaces (space_uuid) ON DELETE CASCADE,
        dashboard_uuid uuid,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        description text,
        slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 300),
        views_count integer NOT NULL DEFAULT 0,
        first_viewed_at timestamptz,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        updated_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX saved_charts_slug_unique ON saved_charts (project_uuid, slug)`);
    await runner.query(`CREATE INDEX saved_charts_space_idx ON saved_charts (space_uuid)`);
    await runner.query(`
      CREATE TABLE saved_chart_versions (
        version_uuid uuid PRIMARY KEY,
        saved_chart_uuid uuid NOT NULL REFERENCES saved_charts (saved_chart_uuid) ON DELETE CASCADE,
        version_number integer NOT NULL CHECK (version_number >= 1),
        name text NOT NULL,
        description text,
        table_name text NOT NULL,
        metric_query jsonb NOT NULL,
        chart_config jsonb NOT NULL,
        table_config jsonb NOT NULL,
        pivot_config jsonb,
        chart_kind text NOT NULL,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (saved_chart_uuid, version_number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE saved_chart_versions`);
    await runner.query(`DROP TABLE saved_charts`);
  }
}
