import type { CommonConnectionFields } from './common-fields';

export interface TrinoConnectionConfig extends CommonConnectionFields {
  type: 'trino';
  host: string;
  port: number;
  user: string;
  /** Trino accepts passwords over HTTPS only. */
  password?: string;
  /** The catalog. */
  dbname: string;
  schema: string;
  http_scheme: 'http' | 'https';
  /** Shown in Trino's query list as the query source; default `quarry`. */
  source?: string;
}

export const TRINO_SECRET_FIELDS = ['user', 'password'] as const;
