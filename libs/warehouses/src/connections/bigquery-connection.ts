import type { CommonConnectionFields } from './common-fields';

export interface BigqueryConnectionConfig extends CommonConnectionFields {
  type: 'bigquery';
  /** Project holding the data (the transform project's `database`). */
  project: string;
  /** Default dataset for unqualified table names. */
  dataset: string;
  /** Processing location, e.g. `US` or `europe-west2`. */
  location?: string;
  /** The service account's JSON key file, parsed. */
  /** The service account's JSON key file; its fields are checked when a client is built (bigquery-options). */
  keyfileContents: Record<string, unknown>;
  priority?: 'interactive' | 'batch';
  timeoutSeconds?: number;
  maximumBytesBilled?: number;
  /** Project billed for and running the jobs, when not `project`. */
  executionProject?: string;
  threads?: number;
  retries?: number;
}

export const BIGQUERY_SECRET_FIELDS = ['keyfileContents'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const BIGQUERY_SESSION_FIELDS = [
  'dataset',
  'location',
  'priority',
  'timeoutSeconds',
  'maximumBytesBilled',
  'threads',
  'retries',
  'startOfWeek',
  'requireUserCredentials',
] as const;
