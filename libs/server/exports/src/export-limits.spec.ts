import { csvFileName } from './export-file-name';
import { exportRowLimit } from './export-limits';
import { limitedBatches } from './limited-rows';

describe('exportRowLimit', () => {
  it.each([
    [{ csvLimit: undefined, queryLimit: 500, maxCells: 0, columnCount: 4 }, 500],
    [{ csvLimit: null, queryLimit: 500, maxCells: 0, columnCount: 4 }, undefined],
    [{ csvLimit: 20, queryLimit: 500, maxCells: 0, columnCount: 4 }, 20],
    [{ csvLimit: null, queryLimit: 500, maxCells: 100, columnCount: 4 }, 25],
    [{ csvLimit: 10, queryLimit: 500, maxCells: 100, columnCount: 4 }, 10],
    [{ csvLimit: 50, queryLimit: 500, maxCells: 100, columnCount: 4 }, 25],
    [{ csvLimit: null, queryLimit: 500, maxCells: 3, columnCount: 4 }, 1],
  ])('%j → %s rows', (input, expected) => {
    expect(exportRowLimit(input)).toBe(expected);
  });
});

describe('limitedBatches', () => {
  async function* batches(sizes: number[]) {
    let n = 0;
    for (const size of sizes) yield Array.from({ length: size }, () => ({ n: (n += 1) }));
  }

  async function take(sizes: number[], limit: number | undefined) {
    const count = { rows: 0, truncated: false };
    const rows = [];
    const sizesSeen: number[] = [];
    for await (const batch of limitedBatches(batches(sizes), limit, count)) {
      sizesSeen.push(batch.length);
      rows.push(...batch.map((row) => row['n']));
    }
    return { rows, count, sizesSeen };
  }

  it('passes every row without a limit', async () => {
    await expect(take([2, 0, 3], undefined)).resolves.toEqual({ rows: [1, 2, 3, 4, 5], count: { rows: 5, truncated: false }, sizesSeen: [2, 3] });
  });

  it('stops at the limit and reports the cut only when a row beyond it arrives', async () => {
    await expect(take([2, 3], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: true }, sizesSeen: [2, 2] });
    await expect(take([2, 2], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: false }, sizesSeen: [2, 2] });
    await expect(take([2, 2, 1], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: true }, sizesSeen: [2, 2] });
  });
});

describe('csvFileName', () => {
  const at = new Date('2026-11-22T08:05:09.042Z');

  it('names the export after the chart, with a timestamp to the ten-thousandth of a second', () => {
    expect(csvFileName('Orders by month', false, at)).toBe('csv-Orders_by_month-2026-11-22-08-05-09-0420.csv');
  });

  it('flags an incomplete export and keeps the name safe for paths and headers', () => {
    expect(csvFileName('../"é/x"; rm -rf', true, at)).toBe('csv-incomplete_results-e_x_rm_-rf-2026-11-22-08-05-09-0420.csv');
    expect(csvFileName('***', false, at)).toBe('csv-export-2026-11-22-08-05-09-0420.csv');
  });
});
