import type { MetricQuery } from '@quarry/domain';

/**
 * The contract between the SQL API's translator (this pure library: PostgreSQL-dialect SQL text →
 * MetricQuery, parsed with libpg-query) and its protocol server (libs/server/sql-api, which speaks the
 * PostgreSQL wire protocol and runs MetricQueries through the same planner as runQuery).
 *
 * The parser is WebAssembly, loaded asynchronously: call `await loadSqlParser()` once (at server
 * start); `planSql` is then synchronous, so Parse messages are answered without a turn of the loop.
 */

/** The PostgreSQL type a column or parameter is described with on the wire. */
export type SqlType = 'text' | 'float8' | 'numeric' | 'int8' | 'bool' | 'date' | 'timestamp' | 'timestamptz';

/** One column of one table (explore) the SQL API exposes: a dimension or a metric of that explore. */
export interface SqlCatalogColumn {
  /** The field id, e.g. `orders_status`; also the column name clients see. */
  name: string;
  kind: 'dimension' | 'metric';
  type: SqlType;
  description?: string;
  /**
   * A metric's own aggregation (its MetricType: sum, count, count_distinct, min, max, average, …).
   * It says which aggregate function a query may wrap the metric in, as Cube's SQL API does:
   * `SUM(orders_total)` for a sum metric, `COUNT(DISTINCT x)` for count_distinct. Without it, only
   * `MEASURE(metric)` and the bare column are accepted.
   */
  metricType?: string;
}

/** One explore the caller may query, as a table. */
export interface SqlCatalogTable {
  /** The explore name, e.g. `orders`. */
  name: string;
  description?: string;
  columns: SqlCatalogColumn[];
}

/** What the caller may see of one project: only the explores and fields their role and attributes allow. */
export interface SqlCatalog {
  tables: SqlCatalogTable[];
}

/** A column of a result, in select-list order. */
export interface SqlResultColumn {
  /** The name the client sees (the alias, or the field id). */
  name: string;
  /** The field id (dimension, metric) whose value fills it. */
  fieldId: string;
  type: SqlType;
}

/** Parameter values as decoded by the server from the Bind message, by the types the plan asked for. */
export type SqlParameterValue = string | number | boolean | null;

/** What binding needs besides the parameters: the moment and zone relative dates (`current_date`, `now()`) are read in. */
export interface BindOptions {
  /** Default: the time of the call. */
  now?: Date;
  /** The session's TimeZone (IANA); default UTC. `current_date` is today in this zone. */
  timezone?: string;
  /** The MetricQuery limit used when the statement has no LIMIT (default 5000, runQuery's default cap). */
  defaultLimit?: number;
}

/**
 * A bound statement. MetricQuery has no offset: `query.limit` is LIMIT + OFFSET (at least 1), and
 * the server drops the first `offset` rows, then returns at most `limit` rows (null: no LIMIT; the
 * query's limit is then `defaultLimit` + OFFSET, and the server should refuse a result that fills it
 * rather than return a silently cut one).
 */
export interface BoundMetricQuery {
  query: MetricQuery;
  offset: number;
  limit: number | null;
}

/** A statement that reads explores: answered by running a MetricQuery. */
export interface MetricQueryPlan {
  kind: 'metricQuery';
  exploreName: string;
  columns: SqlResultColumn[];
  /** Types of $1..$n, inferred from what each is compared with (text when nothing says otherwise). */
  parameterTypes: SqlType[];
  /** The MetricQuery for these parameter values (as many as parameterTypes). Throws SqlApiError. */
  bind(parameters: SqlParameterValue[], options?: BindOptions): MetricQuery;
  /** bind(), with the OFFSET and LIMIT the server applies to the rows. Throws SqlApiError. */
  bindQuery(parameters: SqlParameterValue[], options?: BindOptions): BoundMetricQuery;
}

/**
 * A statement the server answers itself, never from the warehouse: catalog queries
 * (pg_catalog, information_schema, version(), current_schema(), SELECT 1 …) are run by the server's
 * catalog engine built from the SqlCatalog; SET/SHOW/RESET and transaction control are session state.
 */
export type SessionPlan =
  | { kind: 'catalog' }
  /** `RESET x`, `SET x TO DEFAULT`: value null; `RESET ALL` and `DISCARD ALL`: name 'all'. `SET TIME ZONE`: name 'timezone'. */
  | { kind: 'set'; name: string; value: string | null }
  | { kind: 'show'; name: string }
  | { kind: 'transaction'; command: 'BEGIN' | 'COMMIT' | 'ROLLBACK' }
  | { kind: 'empty' };

export type SqlPlan = MetricQueryPlan | SessionPlan;

/** One statement of a simple-protocol query string, with its own text (for the catalog engine). */
export interface PlannedStatement {
  sql: string;
  plan: SqlPlan;
}

/** An error the client sees as a PostgreSQL ErrorResponse. */
export class SqlApiError extends Error {
  constructor(
    /** The SQLSTATE, e.g. 42601 syntax error, 42P01 undefined table, 42703 undefined column, 0A000 not supported. */
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
    this.name = 'SqlApiError';
  }
}
