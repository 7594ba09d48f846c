import type { CommonConnectionFields } from './common-fields';

/** Ours: an embedded DuckDB file, opened read-only, with no access to other files. */
export interface DuckdbConnectionConfig extends CommonConnectionFields {
  type: 'duckdb';
  /** The database file, relative to its organization's folder of DATA_DIR (or absolute, but still inside that folder). */
  path: string;
}

export const DUCKDB_SECRET_FIELDS = [] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const DUCKDB_SESSION_FIELDS = ['startOfWeek', 'requireUserCredentials'] as const;
