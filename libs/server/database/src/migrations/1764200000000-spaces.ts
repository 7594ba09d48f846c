import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups, spaces with their user and group shares, and pinned lists.
 *
 * A space's `path` is the dot-joined chain of its ancestors' and its own path segments (slug with
 * `-` as `_`), unique per project, so promotion can match spaces across projects by path.
 * Pinned items are generic (`item_type` + `item_uuid`) so charts and dashboards can be pinned
 * without a schema change; their owners remove an item's pins when the item goes (spaces do it here).
 */
export class Spaces1764200000000 implements MigrationInterface {
  name = 'Spaces1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE groups (
        group_uuid uuid PRIMARY KEY,
        organization_uuid uuid NOT NULL REFERENCES organizations (organization_uuid) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX groups_name_unique ON groups (organization_uuid, lower(name))`);
    await runner.query(`
      CREATE TABLE group_members (
        group_uuid uuid NOT NULL REFERENCES groups (group_uuid) ON DELETE CASCADE,
        user_uuid uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_uuid, user_uuid)
      )`);
    await runner.query(`CREATE INDEX group_members_user_idx ON group_members (user_uuid)`);

    await runner.query(`
      CREATE TABLE spaces (
        space_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects (project_uuid) ON DELETE CASCADE,
        parent_space_uuid uuid REFERENCES spaces (space_uuid) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 300),
        path text NOT NULL,
        is_private boolean NOT NULL,
        inherit_parent_permissions boolean NOT NULL,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (parent_space_uuid IS DISTINCT FROM space_uuid)
      )`);
    await runner.query(`CREATE UNIQUE INDEX spaces_path_unique ON spaces (project_uuid, path)`);
    await runner.query(`CREATE INDEX spaces_parent_idx ON spaces (parent_space_uuid)`);
    await runner.query(`
      CREATE TABLE space_user_access (
        space_uuid uuid NOT NULL REFERENCES spaces (space_uuid) ON DELETE CASCADE,
        user_uuid uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
        space_role text NOT NULL CHECK (space_role IN ('viewer', 'editor', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (space_uuid, user_uuid)
      )`);
    await runner.query(`CREATE INDEX space_user_access_user_idx ON space_user_access (user_uuid)`);
    await runner.query(`
      CREATE TABLE space_group_access (
        space_uuid uuid NOT NULL REFERENCES spaces (space_uuid) ON DELETE CASCADE,
        group_uuid uuid NOT NULL REFERENCES groups (group_uuid) ON DELETE CASCADE,
        space_role text NOT NULL CHECK (space_role IN ('viewer', 'editor', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (space_uuid, group_uuid)
      )`);
    await runner.query(`CREATE INDEX space_group_access_group_idx ON space_group_access (group_uuid)`);

    await runner.query(`
      CREATE TABLE pinned_lists (
        pinned_list_uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL UNIQUE REFERENCES projects (project_uuid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE pinned_items (
        pinned_list_uuid uuid NOT NULL REFERENCES pinned_lists (pinned_list_uuid) ON DELETE CASCADE,
        item_type text NOT NULL CHECK (item_type IN ('chart', 'dashboard', 'space')),
        item_uuid uuid NOT NULL,
        item_order integer NOT NULL CHECK (item_order >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (pinned_list_uuid, item_type, item_uuid)
      )`);
    await runner.query(`CREATE INDEX pinned_items_item_idx ON pinned_items (item_type, item_uuid)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE pinned_items`);
    await runner.query(`DROP TABLE pinned_lists`);
    await runner.query(`DROP TABLE space_group_access`);
    await runner.query(`DROP TABLE space_user_access`);
    await runner.query(`DROP TABLE spaces`);
    await runner.query(`DROP TABLE group_members`);
    await runner.query(`DROP TABLE groups`);
  }
}
