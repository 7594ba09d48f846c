import type { ResultRow } from '@quarry/warehouses';

export interface RowCount {
  rows: number;
  /** A row beyond the limit arrived: the export is cut. */
  truncated: boolean;
}

/**
 * Yields rows from a batched stream up to `limit`. The query is compiled to return one row more
 * than the limit, so arriving at that row proves rows were cut; stopping the loop there cancels
 * the rest of the warehouse query.
 */
export async function* limitedRows(batches: AsyncIterable<ResultRow[]>, limit: number | undefined, count: RowCount): AsyncGenerator<ResultRow> {
  for await (const batch of batches) {
    for (const row of batch) {
      if (limit !== undefined && count.rows >= limit) {
        count.truncated = true;
        return;
      }
      count.rows += 1;
      yield row;
    }
  }
}
