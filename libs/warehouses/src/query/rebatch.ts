import { ParameterError } from '@quarry/domain';

/** Regroups rows arriving in chunks of any size into batches of exactly `size` (the last may be shorter). */
export async function* rebatch<T>(chunks: AsyncIterable<readonly T[]>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const chunk of chunks) {
    for (const item of chunk) {
      batch.push(item);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

export function batchSizeOf(requested: number | undefined, fallback: number): number {
  if (requested === undefined) return fallback;
  if (!Number.isInteger(requested) || requested < 1)
    throw new ParameterError(`batchSize must be a positive integer, got ${requested}`, { field: 'batchSize' });
  return requested;
}
