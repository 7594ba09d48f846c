import type { CommonConnectionFields } from './common-fields';

export interface DatabricksConnectionConfig extends CommonConnectionFields {
  type: 'databricks';
  /** Workspace host, e.g. `dbc-1234.cloud.databricks.com`. */
  serverHostName: string;
  /** SQL warehouse or cluster HTTP path, e.g. `/sql/1.0/warehouses/abc`. */
  httpPath: string;
  personalAccessToken: string;
  /** Unity Catalog catalog (the transform project's `database`). */
  catalog?: string;
  /** The schema, named `database` by the reference for historical reasons. */
  database: string;
}

export const DATABRICKS_SECRET_FIELDS = ['personalAccessToken'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const DATABRICKS_SESSION_FIELDS = ['database', 'startOfWeek', 'requireUserCredentials'] as const;
