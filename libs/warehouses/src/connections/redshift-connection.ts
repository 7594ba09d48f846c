import type { CommonConnectionFields, SshTunnelFields } from './common-fields';
import type { PostgresSslMode } from './postgres-connection';

/** The spec's "kind A". Redshift speaks the PostgreSQL protocol; the adapter reuses node-postgres. */
export interface RedshiftConnectionConfig extends CommonConnectionFields, SshTunnelFields {
  type: 'redshift';
  host: string;
  /** Default 5439. */
  port?: number;
  user: string;
  password?: string;
  dbname: string;
  schema: string;
  sslmode?: PostgresSslMode;
  keepalivesIdle?: number;
  threads?: number;
  timeoutSeconds?: number;
  /** RA3 nodes can read other databases of the cluster, so the catalog looks across databases. */
  ra3Node?: boolean;
}

export const REDSHIFT_SECRET_FIELDS = ['user', 'password', 'sshTunnelPrivateKey'] as const;

/** Settings of the signed-in session, which may change while stored credentials are kept (see WAREHOUSE_SESSION_FIELDS). */
export const REDSHIFT_SESSION_FIELDS = [
  'schema',
  'threads',
  'timeoutSeconds',
  'keepalivesIdle',
  'ra3Node',
  'startOfWeek',
  'requireUserCredentials',
  'sshTunnelPublicKey',
] as const;
