import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboards and their versions. Every change of a dashboard adds a version; the version id
 * comes from one identity column, so `dashboardVersionId` only ever increases. Charts saved
 * inside a dashboard (`saved_charts.dashboard_uuid`) go with it.
 */
export class Dashboards1764260000000 implements MigrationInterface {
  name = 'Dashboards1764260000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE dashboards (
        dashboard_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        space_uuid uuid NOT NULL REFERENCES spaces (space_uuid) ON DELETE CASCADE,
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
    await runner.query(`CREATE UNIQUE INDEX dashboards_slug_unique ON dashboards (project_uuid, slug)`);
    await runner.query(`CREATE INDEX dashboards_space_idx ON dashboards (space_uuid)`);
    await runner.query(`
      CREATE TABLE dashboard_versions (
        dashboard_version_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        dashboard_uuid uuid NOT NULL REFERENCES dashboards (dashboard_uuid) ON DELETE CASCADE,
        tiles jsonb NOT NULL,
        filters jsonb NOT NULL,
        tabs jsonb NOT NULL,
        config jsonb NOT NULL,
        parameters jsonb NOT NULL,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX dashboard_versions_dashboard_idx ON dashboard_versions (dashboard_uuid, dashboard_version_id DESC)`);
    await runner.query(`
      ALTER TABLE saved_charts ADD CONSTRAINT saved_charts_dashboard_fk
        FOREIGN KEY (dashboard_uuid) REFERENCES dashboards (dashboard_uuid) ON DELETE CASCADE`);
    await runner.query(`CREATE INDEX saved_charts_dashboard_idx ON saved_charts (dashboard_uuid)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE saved_charts DROP CONSTRAINT saved_charts_dashboard_fk`);
    await runner.query(`DROP INDEX saved_charts_dashboard_idx`);
    await runner.query(`DROP TABLE dashboard_versions`);
    await runner.query(`DROP TABLE dashboards`);
  }
}
