import type { DuckDBConnection } from '@duckdb/node-api';
import { WarehouseQueryError } from '@quarry/domain';

import { toQueryParams } from '../query/query-params';
import { withOwnPlaceholders } from '../sql/own-placeholders';
import { DUCKDB_SQL } from '../sql/sql-lexical-rules';
import { quoteStringLiteral } from '../sql/sql-literals';
import { duckDbValues } from './duckdb-values';

/** How a query's connection is prepared: its session's zone, and its setup statements (QueryOptions.setup) with the query's values. */
export interface DuckDbSession {
  timezone?: string | undefined;
  setup?: readonly string[] | undefined;
  /** The query's values; each setup statement is bound to the ones it uses. */
  params?: readonly unknown[] | undefined;
}

/**
 * DuckDB runs every statement of a string, and the SQL may carry a developer's custom SQL:
 * `x; SET threads = 64` would otherwise change the instance every query shares.
 */
export async function assertOneStatement(connection: DuckDBConnection, sql: string): Promise<void> {
  const statements = await connection.extractStatements(sql);
  if (statements.count !== 1) throw new WarehouseQueryError(`A query must be exactly one SQL statement; this one has ${statements.count}`);
}

/**
 * Sets the session's zone (SET cannot take a bound value: the zone is written as an escaped
 * literal), then runs the setup statements, each numbered and bound for the placeholders it uses:
 * DuckDB refuses values a statement has no placeholder for.
 */
export async function prepareSession(connection: DuckDBConnection, session: DuckDbSession): Promise<void> {
  if (session.timezone) await connection.run(`SET TimeZone = ${quoteStringLiteral(session.timezone, { backslashEscapes: false })}`);
  for (const statement of session.setup ?? []) {
    await assertOneStatement(connection, statement);
    const own = withOwnPlaceholders(statement, toQueryParams(session.params ?? []), DUCKDB_SQL);
    await connection.run(own.sql, duckDbValues(own.params));
  }
}
