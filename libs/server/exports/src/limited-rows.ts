import type { ResultRow } from '@quarry/warehouses';

export interface RowCount {
  rows: number;
  /** A row beyond the limit arrived: the export is cut. */
  truncated: boolean;
}

/**
 * Passes a batched stream on, cut to `limit` rows. The query is compiled to return one row more
 * than the limit, so arriving at that row proves rows were cut; stopping the loop there cancels
 * the rest of the warehouse query. Batches rather than rows: a million-row export would otherwise
 * cost a promise per row at every stage.
 */
export async function* limitedBatches(
  batches: AsyncIterable<ResultRow[]>,
  limit: number | undefined,
  count: RowCount,
): AsyncGenerator<ResultRow[]> {
  for await (const batch of batches) {
    const room = limit === undefined ? batch.length : limit - count.rows;
    if (batch.length > room) {
      count.truncated = true;
      if (room > 0) {
        count.rows += room;
        yield batch.slice(0, room);
      }
      return;
    }
    count.rows += batch.length;
    if (batch.length > 0) yield batch;
  }
}
