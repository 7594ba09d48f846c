import type { DuckDBValue } from '@duckdb/node-api';

import type { QueryParam } from '../query/query-params';

/** DuckDB binds `$n` natively; Dates go as ISO text, which DuckDB casts to the column's type. */
export function duckDbValues(params: readonly QueryParam[]): DuckDBValue[] | undefined {
  if (params.length === 0) return undefined;
  return params.map((value) => (value instanceof Date ? value.toISOString() : value));
}
