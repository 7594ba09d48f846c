import type { CommonConnectionFields } from './common-fields';

/** Ours: an embedded DuckDB file, opened read-only, with no access to other files. */
export interface DuckdbConnectionConfig extends CommonConnectionFields {
  type: 'duckdb';
  /** The database file, relative to DATA_DIR (or absolute, but still inside DATA_DIR). */
  path: string;
}

export const DUCKDB_SECRET_FIELDS = [] as const;
