import type { ClientConfig, PoolConfig } from 'pg';

import { connectionError } from '../adapter/connection-error';
import type { PostgresConnectionConfig } from '../connections/postgres-connection';
import type { RedshiftConnectionConfig } from '../connections/redshift-connection';
import { optionalPort, optionalPositive, requireText } from '../connections/require-field';
import type { PostgresSsl } from './postgres-ssl';
import { postgresTypeParsers } from './postgres-types';

export type PostgresLikeConfig = PostgresConnectionConfig | RedshiftConnectionConfig;

const DEFAULT_PORT = { postgres: 5432, redshift: 5439 } as const;
const CONNECT_TIMEOUT_MS = 15_000;
const DEFAULT_THREADS = 4;

/** Host and port as the adapter uses them, after checking the fields. */
export function postgresEndpoint(config: PostgresLikeConfig): { host: string; port: number } {
  return { host: requireText(config, 'host'), port: optionalPort(config, 'port', DEFAULT_PORT[config.type]) };
}

/**
 * Connection fields → node-postgres client options. Session settings (search_path, role,
 * statement timeout, time zone) are not startup options: they are applied per transaction, so
 * a pooled connection never carries one query's settings into another.
 */
export function postgresClientConfig(config: PostgresLikeConfig, ssl: PostgresSsl): ClientConfig {
  if (config.useSshTunnel) {
    throw connectionError(
      'ssh-tunnel',
      'SSH tunnels are not supported yet (the ssh2 package is not installed); connect directly or through a network-level tunnel',
    );
  }
  const { host, port } = postgresEndpoint(config);
  const keepalivesIdle = optionalPositive(config, 'keepalivesIdle');
  return {
    host,
    port,
    user: requireText(config, 'user'),
    password: config.password ?? undefined,
    database: requireText(config, 'dbname'),
    ssl,
    keepAlive: keepalivesIdle !== undefined,
    keepAliveInitialDelayMillis: keepalivesIdle === undefined ? undefined : keepalivesIdle * 1000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'quarry',
    types: postgresTypeParsers,
  };
}

export function postgresPoolConfig(config: PostgresLikeConfig, ssl: PostgresSsl): PoolConfig {
  const threads = optionalPositive(config, 'threads');
  return { ...postgresClientConfig(config, ssl), max: Math.max(1, Math.floor(threads ?? DEFAULT_THREADS)), idleTimeoutMillis: 10_000 };
}
