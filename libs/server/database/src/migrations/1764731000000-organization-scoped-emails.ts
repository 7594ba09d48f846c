import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An email is unique within an organization, no longer across all of them: a user belongs to one
 * organization, and a global unique index let any organization admin learn whether an address is
 * used in another one (409 against 200). Users only sign in with tokens, so the same address in
 * two organizations is two users. Uniqueness inside an organization is kept by
 * UsersRepository.createMember (one transaction, locked on the organization and the address).
 */
export class OrganizationScopedEmails1764731000000 implements MigrationInterface {
  name = 'OrganizationScopedEmails1764731000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX users_email_key`);
    await runner.query(`CREATE INDEX users_email_idx ON users (lower(email))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX users_email_idx`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
  }
}
