import { batchSizeOf, rebatch } from './rebatch';

async function* chunks(...sizes: number[]): AsyncGenerator<number[]> {
  let next = 0;
  for (const size of sizes) yield Array.from({ length: size }, () => next++);
}

describe('rebatch', () => {
  it('regroups chunks of any size into batches of the requested size', async () => {
    const batches: number[][] = [];
    for await (const batch of rebatch(chunks(3, 0, 5, 1), 4)) batches.push(batch);
    expect(batches).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8]]);
  });

  it('checks the requested batch size', () => {
    expect(batchSizeOf(undefined, 1000)).toBe(1000);
    expect(batchSizeOf(5, 1000)).toBe(5);
    expect(() => batchSizeOf(0, 1000)).toThrow(/positive integer/);
    expect(() => batchSizeOf(1.5, 1000)).toThrow(/positive integer/);
  });
});
