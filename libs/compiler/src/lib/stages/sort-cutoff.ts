import type { SqlDialect } from '@quarry/dialects';
import type { Sort } from '@quarry/domain';

import { sortNullsFirst } from './sorts';

/**
 * The session variables holding whether the query has more rows than its LIMIT, and the key; the names are the compiler's, never a user's.
 */
const NEEDED_VARIABLE = 'quarry_sort_cutoff_needed';
const CUTOFF_VARIABLE = 'quarry_sort_cutoff';

export interface SortCutoffInput {
  /** The query's effective sorts; the first one is cut on. */
  sorts: readonly Sort[];
  /** The SELECT expression of each selected column, by alias. */
  columnSql: ReadonlyMap<string, string>;
  /** The query's LIMIT. */
  limit: number;
  fromSql: string;
  /** `WHERE …`, or '' when the query has none. */
  whereSql: string;
  dialect: SqlDialect;
}

export interface SortCutoff {
  /** The statements storing the first sort key of the query's last row (NULL when it has fewer rows), run before the query. */
  setup: string[];
  /** A WHERE condition keeping the rows up to that key (every row when it is NULL, or was never set). */
  condition: string;
}

/**
 * A large LIMIT over ungrouped rows makes DuckDB sort every row that passes the filters (it keeps a
 * top-N heap only for small limits): the export of the first 1M of 10M events sorts all 10M,
 * spilling to disk within a small memory budget. Dialects opt in (`cutsLargeSorts`). A first
 * statement finds the first sort key of the LIMIT-th row and stores it in the session; the query
 * then reads only rows up to that key, so it sorts about LIMIT rows. Rows tied on that key are all
 * kept, and the query's own ORDER BY and LIMIT choose among them as before: the result is the one
 * without the cutoff — also when the first statement did not run, since the key is then NULL.
 * The key is a session variable rather than a CTE of the query because the engine reads a
 * variable as a constant, which prunes row groups by their min/max before the sort (measured on
 * the bench's 1M-of-9.7M export: 1.50 s with the CTE, 1.14 s with the key stored first).
 * Finding the key sorts too (a heap of LIMIT rows), which is wasted when the query has no more
 * rows than its LIMIT (an export of every row under its cap): a count that stops at LIMIT rows
 * runs first, and the key is looked for only when it reached LIMIT (measured on 9.7M events with
 * the worker's 1 thread and 48MB: 570 ms for the key, 45 ms for the count of every row, 5 ms for a
 * count stopped at 1M).
 */
export function sortCutoff(input: SortCutoffInput): SortCutoff | null {
  const { dialect } = input;
  const [first] = input.sorts;
  const keySql = first === undefined ? undefined : input.columnSql.get(first.fieldId);
  const variable = dialect.sessionVariable(CUTOFF_VARIABLE);
  const needed = dialect.sessionVariable(NEEDED_VARIABLE);
  if (first === undefined || keySql === undefined || !dialect.cutsLargeSorts || variable === null || needed === null) return null;
  const descending = first.descending === true;
  const nullsFirst = sortNullsFirst(first) ?? descending;
  const key = dialect.quoteColumn('__cutoff');
  const enoughRows = [
    `SELECT COUNT(*) >= ${input.limit} FROM (`,
    `SELECT 1 AS ${dialect.quoteColumn('__row')}`,
    input.fromSql,
    ...(input.whereSql ? [input.whereSql] : []),
    dialect.limitSql(input.limit),
    `) AS ${dialect.quoteTableAlias('__rows')}`,
  ].join('\n');
  // Not set (NULL) or false: no row passes, and the key is NULL.
  const gate = input.whereSql ? `${input.whereSql} AND ${needed.read}` : `WHERE ${needed.read}`;
  const lastKey = [
    `SELECT ${keySql} AS ${key}`,
    input.fromSql,
    gate,
    `ORDER BY ${dialect.orderItemSql(key, descending, nullsFirst)}`,
    dialect.rowAtSql(input.limit - 1),
  ].join('\n');
  const cutoff = variable.read;
  // Nulls placed first come before any key: they are in the result whatever the cutoff.
  const keptNulls = nullsFirst ? ` OR ${keySql} IS NULL` : '';
  return {
    setup: [needed.set(enoughRows), variable.set(lastKey)],
    condition: `(${cutoff} IS NULL OR ${keySql} ${descending ? '>=' : '<='} ${cutoff}${keptNulls})`,
  };
}
