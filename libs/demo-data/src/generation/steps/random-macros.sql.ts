/**
 * Deterministic pseudo-randomness. `random()` would give different data on every run; instead
 * every draw is a hash of (row key, salt), so the same scale always yields the same rows, in any
 * order and on any number of threads.
 *
 * - The combined hash is hashed again: DuckDB's multi-argument `hash(a, b)` only combines the
 *   argument hashes, and draws for one key under two salts came out almost perfectly correlated.
 * - Keys are cast to BIGINT because DuckDB hashes each integer type differently, and an INTEGER
 *   step and a BIGINT step must draw the same value.
 * - TEMP macros live in the session only: nothing of the generator is left in the file.
 */
export function randomMacrosSql(): string {
  return `
CREATE OR REPLACE TEMP MACRO demo_uniform(seed, salt) AS
  ((hash(hash(CAST(seed AS BIGINT), salt)) >> 11)::DOUBLE / 9007199254740992.0);
CREATE OR REPLACE TEMP MACRO demo_uniform2(seed, step, salt) AS
  ((hash(hash(CAST(seed AS BIGINT), CAST(step AS BIGINT), salt)) >> 11)::DOUBLE / 9007199254740992.0);
CREATE OR REPLACE TEMP MACRO demo_pick(options, u) AS
  (options[1 + CAST(floor(u * len(options)) AS INTEGER)]);
CREATE OR REPLACE TEMP MACRO demo_seconds(value) AS
  to_seconds(CAST(floor(value) AS BIGINT));
`;
}
