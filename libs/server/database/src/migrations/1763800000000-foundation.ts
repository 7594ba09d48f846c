import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organizations (
        organization_uuid uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE users (
        user_uuid uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await runner.query(`
      CREATE TABLE organization_memberships (
        user_uuid uuid PRIMARY KEY REFERENCES users (user_uuid) ON DELETE CASCADE,
        organization_uuid uuid NOT NULL REFERENCES organizations (organization_uuid) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('member', 'viewer', 'interactive_viewer', 'editor', 'developer', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX organization_memberships_org_idx ON organization_memberships (organization_uuid)`);
    await runner.query(`
      CREATE TABLE personal_access_tokens (
        token_uuid uuid PRIMARY KEY,
        user_uuid uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        description text NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        auto_generated boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX personal_access_tokens_user_idx ON personal_access_tokens (user_uuid)`);
    await runner.query(
      `CREATE INDEX personal_access_tokens_expiry_idx ON personal_access_tokens (expires_at) WHERE expires_at IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE jobs (
        job_uuid uuid PRIMARY KEY,
        job_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('scheduled', 'started', 'completed', 'error')),
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        error text,
        attempts integer NOT NULL DEFAULT 0,
        created_by_user_uuid uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
        organization_uuid uuid REFERENCES organizations (organization_uuid) ON DELETE CASCADE,
        project_uuid uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX jobs_created_at_idx ON jobs (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE jobs`);
    await runner.query(`DROP TABLE personal_access_tokens`);
    await runner.query(`DROP TABLE organization_memberships`);
    await runner.query(`DROP TABLE users`);
    await runner.query(`DROP TABLE organizations`);
  }
}
