import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Projects1763900000000 implements MigrationInterface {
  name = 'Projects1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE projects (
        project_uuid uuid PRIMARY KEY,
        organization_uuid uuid NOT NULL REFERENCES organizations (organization_uuid) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        project_type text NOT NULL CHECK (project_type IN ('DEFAULT', 'PREVIEW')),
        upstream_project_uuid uuid REFERENCES projects (project_uuid) ON DELETE SET NULL,
        transform_version text NOT NULL,
        table_configuration text NOT NULL DEFAULT 'all' CHECK (table_configuration IN ('prod', 'all')),
        scheduler_timezone text NOT NULL DEFAULT 'UTC',
        warehouse_type text,
        warehouse_connection_sealed text,
        transform_type text NOT NULL,
        transform_connection_sealed text NOT NULL,
        compile_status text NOT NULL DEFAULT 'pending' CHECK (compile_status IN ('pending', 'compiling', 'ready', 'error')),
        compile_error text,
        compiled_at timestamptz,
        last_compile_job_uuid uuid,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX projects_organization_idx ON projects (organization_uuid)`);
    await runner.query(`
      CREATE TABLE project_memberships (
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        user_uuid uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('viewer', 'interactive_viewer', 'editor', 'developer', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_uuid, user_uuid)
      )`);
    await runner.query(`
      CREATE TABLE project_explores (
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        explore_name text NOT NULL,
        explore jsonb NOT NULL,
        PRIMARY KEY (project_uuid, explore_name)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE project_explores`);
    await runner.query(`DROP TABLE project_memberships`);
    await runner.query(`DROP TABLE projects`);
  }
}
