import { Client, type ClientConfig, Pool, type PoolClient } from 'pg';

import { postgresClientConfig, postgresEndpoint, type PostgresLikeConfig, postgresPoolConfig } from './postgres-client-config';
import { postgresConnectionError } from './postgres-errors';
import { isSslNegotiationFailure, type PostgresSsl, sslAttempts } from './postgres-ssl';

interface OpenPool {
  pool: Pool;
  ssl: PostgresSsl;
}

/**
 * The adapter's connections: one pool, opened on first use with the first TLS choice the server
 * accepts, plus throwaway connections for sending cancellations (which must not wait for a pool
 * slot held by the very query being cancelled).
 */
export class PostgresConnections {
  private opening: Promise<OpenPool> | undefined;
  private ended = false;

  constructor(private readonly config: PostgresLikeConfig) {}

  /** A pooled connection; connection failures become WarehouseConnectionError with the failing step. */
  async acquire(): Promise<PoolClient> {
    if (this.ended) throw new Error('The warehouse adapter is closed');
    this.opening ??= this.open();
    const opening = this.opening;
    let open: OpenPool;
    try {
      open = await opening;
    } catch (error) {
      if (this.opening === opening) this.opening = undefined; // let a later call retry
      throw error;
    }
    try {
      return await open.pool.connect();
    } catch (error) {
      throw this.connectionError(error);
    }
  }

  /** Asks the server to cancel what backend `pid` is running (pg_cancel_backend, from a fresh connection). */
  async cancelBackend(pid: number): Promise<void> {
    const open = await this.opening;
    if (!open) return;
    const client = new Client(this.clientConfig(open.ssl));
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async end(): Promise<void> {
    this.ended = true;
    const opening = this.opening;
    this.opening = undefined;
    const open = await opening?.catch(() => undefined);
    await open?.pool.end();
  }

  private clientConfig(ssl: PostgresSsl): ClientConfig {
    return postgresClientConfig(this.config, ssl);
  }

  private async open(): Promise<OpenPool> {
    const attempts = sslAttempts(this.config.sslmode);
    for (const [index, ssl] of attempts.entries()) {
      const pool = new Pool(postgresPoolConfig(this.config, ssl));
      // An idle pooled connection that dies (server restart) must not crash the process.
      pool.on('error', () => undefined);
      try {
        const probe = await pool.connect();
        probe.release();
        return { pool, ssl };
      } catch (error) {
        await pool.end().catch(() => undefined);
        const canFallBack = index < attempts.length - 1 && isSslNegotiationFailure(error);
        if (!canFallBack) throw this.connectionError(error);
      }
    }
    throw new Error('unreachable: sslAttempts never returns an empty list');
  }

  private connectionError(error: unknown): Error {
    const { host, port } = postgresEndpoint(this.config);
    return postgresConnectionError(error, host, port);
  }
}
