import {
  type DuckDBConnection,
  type DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBValue,
  StatementType,
} from '@duckdb/node-api';
import { WarehouseQueryError } from '@quarry/domain';

import { quoteStringLiteral } from '../sql/sql-literals';

/** Idle connections kept per DuckDB instance; more queries at once open more, closed when they end. */
const MAX_IDLE_CONNECTIONS = 4;
/** Prepared statements each connection keeps, least recently used dropped first. */
const MAX_STATEMENTS_PER_CONNECTION = 64;

export interface PooledRunOptions {
  /** The session's zone for this query; undefined: the instance's default. */
  timezone?: string | undefined;
  /** Told how to interrupt the query while it runs, and given a no-op once it has ended. */
  onStop(interrupt: () => void): void;
  /** Whether the query was stopped (its connection is then closed, not reused). */
  stopped(): boolean;
}

/**
 * One connection and the SELECTs it has prepared, keyed by zone and SQL text: DuckDB folds
 * constants at planning in the session's zone (`hour(TIMESTAMPTZ '…')`), so a statement planned in
 * one zone is never run in another.
 */
class PooledConnection {
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** The zone this session was last set to; undefined: never set (the instance's default). */
  private zone: string | undefined;

  constructor(readonly connection: DuckDBConnection) {}

  /** A prepared statement for `sql` in the session's current zone, cached when it is a SELECT (which cannot change the session). */
  async prepare(sql: string): Promise<{ statement: DuckDBPreparedStatement; reusable: boolean }> {
    const key = `${this.zone ?? ''}\u0000${sql}`;
    const cached = this.statements.get(key);
    if (cached) {
      // Map order is use order: the first entry is the least recently used.
      this.statements.delete(key);
      this.statements.set(key, cached);
      return { statement: cached, reusable: true };
    }
    // Parsed once: checked to be one statement (DuckDB runs every statement of a string, and the
    // SQL may carry a developer's custom SQL), then prepared from that parse.
    const extracted = await this.connection.extractStatements(sql);
    if (extracted.count !== 1) throw new WarehouseQueryError(`A query must be exactly one SQL statement; this one has ${extracted.count}`);
    const statement = await extracted.prepare(0);
    if (statement.statementType !== StatementType.SELECT) return { statement, reusable: false };
    this.statements.set(key, statement);
    if (this.statements.size > MAX_STATEMENTS_PER_CONNECTION) {
      const [oldestKey, oldest] = this.statements.entries().next().value as [string, DuckDBPreparedStatement];
      this.statements.delete(oldestKey);
      oldest.destroySync();
    }
    return { statement, reusable: true };
  }

  /** SET cannot take a bound value; the zone is written as an escaped literal. */
  async useTimezone(timezone: string | undefined): Promise<void> {
    if (timezone === this.zone) return;
    await this.connection.run(
      timezone === undefined ? 'RESET TimeZone' : `SET TimeZone = ${quoteStringLiteral(timezone, { backslashEscapes: false })}`,
    );
    this.zone = timezone;
  }

  close(): void {
    for (const statement of this.statements.values()) statement.destroySync();
    this.statements.clear();
    this.connection.closeSync();
  }
}

/**
 * Connections of one DuckDB instance kept between queries, each with the SELECTs it prepared. A
 * repeated query (a dashboard's, a cache miss of a known query) then skips connecting, parsing
 * and planning. A connection serves one query at a time; only SELECTs reuse one, so no statement
 * can leave session state (temporary tables, variables, settings) for the next query. A query that
 * failed or was stopped closes its connection.
 */
export class DuckDbConnectionPool {
  private readonly idle: PooledConnection[] = [];
  private closed = false;

  constructor(private readonly instance: DuckDBInstance) {}

  /** Runs one statement with bound values in the query's zone; `read` consumes the result before the connection is reused. */
  async run<T>(
    sql: string,
    values: DuckDBValue[] | undefined,
    options: PooledRunOptions,
    read: (result: DuckDBMaterializedResult) => Promise<T>,
  ): Promise<T> {
    const pooled = this.idle.pop() ?? new PooledConnection(await this.instance.connect());
    let reusable = false;
    try {
      options.onStop(() => pooled.connection.interrupt());
      await pooled.useTimezone(options.timezone);
      const prepared = await pooled.prepare(sql);
      reusable = prepared.reusable;
      try {
        if (values && values.length > 0) prepared.statement.bind(values);
        else if (prepared.statement.parameterCount > 0) prepared.statement.clearBindings();
        return await read(await prepared.statement.run());
      } finally {
        if (!prepared.reusable) prepared.statement.destroySync();
      }
    } catch (error) {
      reusable = false;
      throw error;
    } finally {
      options.onStop(() => undefined);
      if (reusable && !options.stopped() && !this.closed && this.idle.length < MAX_IDLE_CONNECTIONS) this.idle.push(pooled);
      else pooled.close();
    }
  }

  /** Closes the idle connections; connections in use close when their query ends. */
  close(): void {
    this.closed = true;
    for (const pooled of this.idle.splice(0)) pooled.close();
  }
}
