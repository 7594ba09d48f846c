import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Project roles held through groups: a member of the group has at least this role in the project. */
export class ProjectGroupAccess1764200000001 implements MigrationInterface {
  name = 'ProjectGroupAccess1764200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE project_group_access (
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        group_uuid uuid NOT NULL REFERENCES groups (group_uuid) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('viewer', 'interactive_viewer', 'editor', 'developer', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_uuid, group_uuid)
      )`);
    await runner.query(`CREATE INDEX project_group_access_group_idx ON project_group_access (group_uuid)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE project_group_access`);
  }
}
