import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each table whose rows decide who may do what, and the cache scope its changes make stale. */
const WATCHED: ReadonlyArray<{ table: string; scope: string; ignoredColumns?: readonly string[] }> = [
  // a token's last-used time is written while it is used: not a change of access
  { table: 'personal_access_tokens', scope: 'tokens', ignoredColumns: ['last_used_at'] },
  { table: 'users', scope: 'tokens' },
  { table: 'organization_memberships', scope: 'tokens' },
  { table: 'project_memberships', scope: 'roles' },
  { table: 'groups', scope: 'roles' },
  { table: 'group_members', scope: 'roles' },
  { table: 'project_group_access', scope: 'roles' },
  { table: 'projects', scope: 'projects' },
  { table: 'pre_aggregates', scope: 'preAggregates' },
];

/**
 * The access change log: every change to those tables, whoever makes it (Quarry, a script, psql),
 * adds a row in the same transaction, so it is visible exactly when the change is. Each process
 * polls the log and forgets the matching cached tokens, roles and projects; its caches can then
 * live long without serving a change late by more than the poll interval.
 */
export class AccessChangeLog1764600000000 implements MigrationInterface {
  name = 'AccessChangeLog1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE access_changes (
        id bigserial PRIMARY KEY,
        scope text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await runner.query(`CREATE INDEX access_changes_changed_at_idx ON access_changes (changed_at)`);
    await runner.query(`
      CREATE FUNCTION record_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO access_changes (scope) VALUES (TG_ARGV[0]);
        RETURN NULL;
      END
      $$`);
    for (const { table, scope, ignoredColumns = [] } of WATCHED) {
      await runner.query(`
        CREATE TRIGGER ${table}_access_rows AFTER INSERT OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION record_access_change('${scope}')`);
      const ignored = ignoredColumns.map((column) => ` - '${column}'`).join('');
      await runner.query(`
        CREATE TRIGGER ${table}_access_update AFTER UPDATE ON ${table}
        FOR EACH ROW WHEN ((to_jsonb(OLD)${ignored}) IS DISTINCT FROM (to_jsonb(NEW)${ignored}))
        EXECUTE FUNCTION record_access_change('${scope}')`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { table } of WATCHED) {
      await runner.query(`DROP TRIGGER ${table}_access_update ON ${table}`);
      await runner.query(`DROP TRIGGER ${table}_access_rows ON ${table}`);
    }
    await runner.query(`DROP FUNCTION record_access_change()`);
    await runner.query(`DROP TABLE access_changes`);
  }
}
