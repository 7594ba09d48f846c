import type { RelationRef, WarehouseCatalog, WarehouseType } from '@quarry/domain';

import type { NativeCsv } from '../native-csv/native-csv';
import type { QueryFields } from '../values/result-columns';

/** One result row: column name → normalised value (architecture clarification 5). */
export type ResultRow = Record<string, unknown>;

export interface QueryResult {
  fields: QueryFields;
  rows: ResultRow[];
}

export interface QueryOptions {
  /** Aborting cancels the query in the warehouse, not only the wait for it. */
  signal?: AbortSignal;
  /** IANA zone for the session (date truncation, casts of zoned timestamps). Default: the warehouse's. */
  timezone?: string;
  /** Wall-clock limit for the whole query (for a stream: until its last batch); the query is then cancelled. */
  timeoutMs?: number;
  /**
   * Statements run first, in order, on the query's connection, each bound to the placeholders it
   * uses of the query's (CompiledQuery.setup). They only make the query faster — it gives the same
   * rows without them — so a warehouse whose compiler never writes any may ignore them.
   */
  setup?: readonly string[];
}

export interface StreamQueryOptions extends QueryOptions {
  /** Rows per batch; default 1000. Memory stays bounded by about one batch per open stream. */
  batchSize?: number;
  /** Called once with the result's columns before the first batch (also when there are no rows). */
  onFields?: (fields: QueryFields) => void;
}

/**
 * One warehouse connection. SQL uses positional placeholders `$1 … $n` (1-based, a number may
 * repeat); `params[i - 1]` is the value of `$i`. Values: string, number, bigint, boolean, Date or
 * null (lists are expanded by the caller into one placeholder per item). Adapters rewrite the
 * placeholders when their warehouse wants another style; values are always bound, never spliced.
 */
export interface WarehouseAdapter {
  readonly type: WarehouseType;
  /** Present when the warehouse writes CSV itself (an export then moves no rows through JS). */
  readonly nativeCsv?: NativeCsv | undefined;
  /** Connects and checks the configured database/schema; throws WarehouseConnectionError with `data.step`. */
  testConnection(): Promise<void>;
  runQuery(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult>;
  /** Streams the result in batches; breaking out of the loop cancels the rest and frees the connection. */
  streamQuery(sql: string, params?: readonly unknown[], options?: StreamQueryOptions): AsyncIterable<ResultRow[]>;
  /** Column types of the given relations; relations the warehouse does not have are left out. */
  getCatalog(relations: readonly RelationRef[]): Promise<WarehouseCatalog>;
  /** Tables and views the connection can see, outside system schemas. */
  listTables(): Promise<RelationRef[]>;
  /** Releases connections. The adapter is not usable afterwards. */
  close(): Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 1000;
