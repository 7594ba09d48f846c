import type { CommonConnectionFields, SshTunnelFields } from './common-fields';

/** libpq's sslmode values, plus node-postgres's `no-verify` (encrypt, accept any certificate). */
export const POSTGRES_SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'] as const;
export type PostgresSslMode = (typeof POSTGRES_SSL_MODES)[number];

export interface PostgresConnectionConfig extends CommonConnectionFields, SshTunnelFields {
  type: 'postgres';
  host: string;
  /** Default 5432. */
  port?: number;
  user: string;
  password?: string;
  dbname: string;
  /** The transform project's target schema; also the schema testConnection checks exists. */
  schema: string;
  /** Default `prefer`, as libpq. */
  sslmode?: PostgresSslMode;
  /** Seconds of idle before TCP keepalive probes; 0 or unset leaves the OS default. */
  keepalivesIdle?: number;
  /** Comma-separated schemas for `search_path`. */
  searchPath?: string;
  /** Role the session switches to (`SET ROLE`) after login. */
  role?: string;
  /** Concurrent connections the adapter may open (dbt's threads). */
  threads?: number;
  /** Server-side statement timeout for every query. */
  timeoutSeconds?: number;
}

export const POSTGRES_SECRET_FIELDS = ['user', 'password', 'sshTunnelPrivateKey'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const POSTGRES_SESSION_FIELDS = [
  'schema',
  'searchPath',
  'threads',
  'timeoutSeconds',
  'keepalivesIdle',
  'startOfWeek',
  'requireUserCredentials',
  'sshTunnelPublicKey',
] as const;
