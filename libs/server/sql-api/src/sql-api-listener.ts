import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import type { TlsOptions } from 'pg-gateway';

import { CatalogEngine } from './catalog/catalog-engine';
import { SqlApiBackend } from './session/sql-api-backend';
import { type ConnectionContext, SqlConnection } from './session/sql-connection';

/**
 * The SQL API: a PostgreSQL wire-protocol listener on SQL_API_PORT (off when unset), beside the
 * HTTP API in the same process, on the same HOST.
 */
@Injectable()
export class SqlApiListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SqlApi');
  private server: Server | undefined;
  /** Connections by backend key (process id), for CancelRequest. */
  private readonly connections = new Map<number, SqlConnection>();

  constructor(
    private readonly config: AppConfig,
    private readonly backend: SqlApiBackend,
    private readonly engine: CatalogEngine,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, tls } = this.config.sqlApi;
    if (port === undefined) return;
    const context = this.context(tls ? { cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) } : undefined);
    // No Nagle: each answer is one write (see SqlConnection.drain), and waiting for an ACK before the next would add 40 ms.
    const server = createServer({ noDelay: true }, (socket) => {
      const keys = this.newKeys();
      this.connections.set(keys.processId, new SqlConnection(socket, context, keys));
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.server.host, () => resolve());
    });
    this.logger.log(`SQL API listening on ${this.config.server.host}:${port}${tls ? ' (TLS available)' : ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const connection of this.connections.values()) connection.cancel();
    });
  }

  private context(tls: TlsOptions | undefined): ConnectionContext {
    return {
      backend: this.backend,
      engine: this.engine,
      maxMessageBytes: this.config.sqlApi.maxMessageBytes,
      logger: this.logger,
      tls,
      cancel: (processId, secretKey) => {
        const connection = this.connections.get(processId);
        if (connection && connection.secretKey === secretKey) connection.cancel();
      },
      closed: (connection) => this.connections.delete(connection.processId),
    };
  }

  private newKeys(): { processId: number; secretKey: number } {
    let processId: number;
    do processId = randomInt(1, 2 ** 31 - 1);
    while (this.connections.has(processId));
    return { processId, secretKey: randomInt(-(2 ** 31), 2 ** 31 - 1) };
  }
}
