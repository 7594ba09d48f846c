import type { FieldDef, PoolClient, QueryArrayConfig, QueryArrayResult } from 'pg';
import { type CopyToStreamQuery, to as copyTo } from 'pg-copy-streams';

import type { QueryCancellation } from '../query/query-cancellation';
import type { ResultColumn } from '../values/result-columns';
import type { VerifiedCopyStatement } from './copy-statement';
import type { PostgresConnections } from './postgres-connections';
import { type SessionSetting, sessionSetupQuery } from './postgres-session-settings';
import { postgresKindOfOid } from './postgres-types';

/**
 * One query's transaction on a pooled connection: READ ONLY (a user SQL fragment that writes —
 * a data-modifying CTE, nextval(), a function with side effects on tables — fails), settings
 * applied locally, the backend's pid registered for cancellation, and never committed: on close a
 * rollback (which also closes any cursor) before the connection goes back — or is destroyed, if it
 * may still receive a late cancel or is broken. Results were read before the rollback.
 */
export class PostgresSession {
  private finished = false;

  private constructor(
    private readonly client: PoolClient,
    private readonly cancellation: QueryCancellation,
  ) {}

  static async open(
    connections: PostgresConnections,
    settings: readonly SessionSetting[],
    cancellation: QueryCancellation,
  ): Promise<PostgresSession> {
    const client = await connections.acquire();
    const session = new PostgresSession(client, cancellation);
    try {
      await client.query('BEGIN READ ONLY');
      const setup = sessionSetupQuery(settings);
      const { rows } = await client.query<{ pid: number }>(setup.text, setup.values);
      const pid = rows[0]?.pid;
      if (pid !== undefined) cancellation.onStop(() => connections.cancelBackend(pid));
      cancellation.throwIfStopped();
      return session;
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  /** Runs one statement (extended protocol: the server refuses several in one text; values bound). */
  async query(text: string, values: readonly unknown[] = []): Promise<QueryArrayResult> {
    const config = { text, values: [...values], rowMode: 'array', queryMode: 'extended' } as QueryArrayConfig;
    return this.client.query(config);
  }

  /**
   * Runs a `COPY … TO STDOUT`; its output arrives as the returned stream's bytes. pg-copy-streams
   * sends it over the simple protocol (any number of statements), so only a text checked by
   * copyToStdoutStatement is taken.
   */
  copyOut(text: VerifiedCopyStatement): CopyToStreamQuery {
    return this.client.query(copyTo(text));
  }

  async close(): Promise<void> {
    let broken: Error | undefined;
    if (!this.finished) {
      this.finished = true;
      await this.client.query('ROLLBACK').catch((error: Error) => {
        broken = error;
      });
    }
    // A cancel sent for this query could land on the next user of the connection: retire it.
    const retire = broken ?? (this.cancellation.reason ? new Error('query was stopped') : undefined);
    this.cancellation.onStop(() => undefined);
    this.client.release(retire);
  }
}

export function postgresColumns(fields: readonly FieldDef[]): ResultColumn[] {
  return fields.map((field) => ({ name: field.name, kind: postgresKindOfOid(field.dataTypeID) }));
}
