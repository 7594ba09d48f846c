import type { CommonConnectionFields } from './common-fields';

export interface TrinoConnectionConfig extends CommonConnectionFields {
  type: 'trino';
  host: string;
  /** Default 443 with https, 8080 with http. */
  port?: number;
  user: string;
  /** Trino accepts passwords over HTTPS only. */
  password?: string;
  /** The catalog. */
  dbname: string;
  schema: string;
  /** Default https. */
  http_scheme?: 'http' | 'https';
  /** Shown in Trino's query list as the query source; default `quarry`. */
  source?: string;
}

export const TRINO_SECRET_FIELDS = ['user', 'password'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const TRINO_SESSION_FIELDS = ['schema', 'source', 'startOfWeek', 'requireUserCredentials'] as const;
