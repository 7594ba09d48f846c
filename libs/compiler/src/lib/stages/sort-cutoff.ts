import type { SqlDialect } from '@quarry/dialects';
import type { Sort } from '@quarry/domain';

import { sortNullsFirst } from './sorts';

const CUTOFF_CTE = '__sort_cutoff';
const CUTOFF_COLUMN = '__cutoff';

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
  /** `"__sort_cutoff" AS (…)`: the first sort key of the query's last row (NULL when it has fewer rows). */
  cte: string;
  /** A WHERE condition keeping the rows up to that key (every row when the CTE is NULL). */
  condition: string;
}

/**
 * A large LIMIT over ungrouped rows makes DuckDB sort every row that passes the filters (it keeps a
 * top-N heap only for small limits): the export of the first 1M of 10M events sorts all 10M,
 * spilling to disk within a small memory budget. Dialects opt in (`cutsLargeSorts`). A one-column pass
 * finds the first sort key of the LIMIT-th row; the query then reads only rows up to that key,
 * so it sorts about LIMIT rows. Rows tied on that key are all kept, and the query's own ORDER BY
 * and LIMIT choose among them as before: the result is the one without the cutoff.
 */
export function sortCutoff(input: SortCutoffInput): SortCutoff | null {
  const { dialect } = input;
  const [first] = input.sorts;
  const keySql = first === undefined ? undefined : input.columnSql.get(first.fieldId);
  if (first === undefined || keySql === undefined || !dialect.cutsLargeSorts) return null;
  const q = (name: string) => dialect.quoteColumn(name);
  const descending = first.descending === true;
  const nullsFirst = sortNullsFirst(first) ?? descending;
  const cte = [
    `${q(CUTOFF_CTE)} AS (`,
    `SELECT ${keySql} AS ${q(CUTOFF_COLUMN)}`,
    input.fromSql,
    ...(input.whereSql ? [input.whereSql] : []),
    `ORDER BY ${dialect.orderItemSql(q(CUTOFF_COLUMN), descending, nullsFirst)}`,
    dialect.rowAtSql(input.limit - 1),
    ')',
  ].join('\n');
  const cutoff = `(SELECT ${q(CUTOFF_COLUMN)} FROM ${q(CUTOFF_CTE)})`;
  // Nulls placed first come before any key: they are in the result whatever the cutoff.
  const keptNulls = nullsFirst ? ` OR ${keySql} IS NULL` : '';
  return { cte, condition: `(${cutoff} IS NULL OR ${keySql} ${descending ? '>=' : '<='} ${cutoff}${keptNulls})` };
}
