import type { CommonConnectionFields } from './common-fields';

/** Password or key-pair (JWT) sign-in; the browser-based flows need a person at a browser. */
export const SNOWFLAKE_AUTHENTICATION_TYPES = ['password', 'private_key'] as const;
export type SnowflakeAuthenticationType = (typeof SNOWFLAKE_AUTHENTICATION_TYPES)[number];

/** The spec's "kind B" plus the credentials the spec omits. */
export interface SnowflakeConnectionConfig extends CommonConnectionFields {
  type: 'snowflake';
  /** Account identifier, e.g. `myorg-myaccount` or `xy12345.eu-west-1`. */
  account: string;
  user: string;
  password?: string;
  /** PEM private key for key-pair authentication. */
  privateKey?: string;
  privateKeyPass?: string;
  /** Default: `private_key` when a private key is given, else `password`. */
  authenticationType?: SnowflakeAuthenticationType;
  role?: string;
  database: string;
  warehouse: string;
  schema: string;
  threads?: number;
  clientSessionKeepAlive?: boolean;
  queryTag?: string;
  /** Full endpoint URL, for private links and non-default hosts. */
  accessUrl?: string;
  quotedIdentifiersIgnoreCase?: boolean;
  /** Read by the dialect (timestamps already UTC); the adapter ignores it. */
  disableTimestampConversion?: boolean;
  override?: boolean;
  /** Null: none (organization-wide credentials are not supported; a uuid is refused). */
  organizationWarehouseCredentialsUuid?: string | null;
  timeoutSeconds?: number;
}

export const SNOWFLAKE_SECRET_FIELDS = ['user', 'password', 'privateKey', 'privateKeyPass'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const SNOWFLAKE_SESSION_FIELDS = [
  'schema',
  'threads',
  'clientSessionKeepAlive',
  'queryTag',
  'quotedIdentifiersIgnoreCase',
  'disableTimestampConversion',
  'timeoutSeconds',
  'startOfWeek',
  'requireUserCredentials',
] as const;
