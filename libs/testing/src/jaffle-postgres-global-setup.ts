import { ensureJafflePostgres } from './jaffle-fixture';

/**
 * Jest `globalSetup` for suites that read the jaffle fixture in PostgreSQL: loads it once per
 * fixture version before any test file runs (relative imports only: global setup runs outside
 * Jest's module resolver, where the `@quarry/*` aliases are unknown).
 */
export default async function jafflePostgresGlobalSetup(): Promise<void> {
  await ensureJafflePostgres();
}
