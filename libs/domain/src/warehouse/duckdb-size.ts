// DuckDB reads KB, MB… as powers of 1000 and KiB, MiB… as powers of 1024 ('64MB' is 61.0 MiB).
const UNIT_BYTES: Readonly<Record<string, number>> = {
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** A size as DuckDB reads it (`64MB`, `1.5GiB`): the embedded warehouse's memory settings. */
export const DUCKDB_SIZE = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b)$/i;

export function isDuckDbSize(size: string): boolean {
  return DUCKDB_SIZE.test(size.trim());
}

/** Bytes of a size written as DuckDB reads it. */
export function duckDbSizeBytes(size: string): number {
  const match = DUCKDB_SIZE.exec(size.trim());
  const unit = match?.[2] ? UNIT_BYTES[match[2].toLowerCase()] : undefined;
  if (!match || unit === undefined) throw new Error(`Not a DuckDB size: "${size}"`);
  return Math.floor(Number(match[1]) * unit);
}
