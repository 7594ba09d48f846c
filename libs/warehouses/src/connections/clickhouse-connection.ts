import type { CommonConnectionFields } from './common-fields';

export interface ClickhouseConnectionConfig extends CommonConnectionFields {
  type: 'clickhouse';
  host: string;
  /** The HTTP(S) interface port; default 8123, or 8443 with TLS. */
  port?: number;
  user: string;
  password?: string;
  /** The ClickHouse database (ClickHouse has no schema level). */
  schema: string;
  /** HTTPS instead of HTTP. */
  secure?: boolean;
  timeoutSeconds?: number;
}

export const CLICKHOUSE_SECRET_FIELDS = ['user', 'password'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const CLICKHOUSE_SESSION_FIELDS = ['timeoutSeconds', 'startOfWeek', 'requireUserCredentials'] as const;
