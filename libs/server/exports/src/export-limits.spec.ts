import { csvText } from './csv-text';
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
    await expect(take([2, 0, 3], undefined)).resolves.toEqual({
      rows: [1, 2, 3, 4, 5],
      count: { rows: 5, truncated: false },
      sizesSeen: [2, 3],
    });
  });

  it('stops at the limit and reports the cut only when a row beyond it arrives', async () => {
    await expect(take([2, 3], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: true }, sizesSeen: [2, 2] });
    await expect(take([2, 2], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: false }, sizesSeen: [2, 2] });
    await expect(take([2, 2, 1], 4)).resolves.toEqual({ rows: [1, 2, 3, 4], count: { rows: 4, truncated: true }, sizesSeen: [2, 2] });
  });
});

describe('EXPORT_MAX_ROWS and EXPORT_MAX_BYTES', () => {
  it('bounds an export of every row (csvLimit: null) by the row cap too', () => {
    expect(exportRowLimit({ csvLimit: null, queryLimit: 500, maxCells: 0, maxRows: 1_000, columnCount: 3 })).toBe(1_000);
    expect(exportRowLimit({ csvLimit: 50, queryLimit: 500, maxCells: 0, maxRows: 1_000, columnCount: 3 })).toBe(50);
    expect(exportRowLimit({ csvLimit: null, queryLimit: 500, maxCells: 300, maxRows: 1_000, columnCount: 3 })).toBe(100);
    expect(exportRowLimit({ csvLimit: null, queryLimit: 500, maxCells: 0, maxRows: 0, columnCount: 3 })).toBeUndefined();
  });

  it('cuts the CSV text at the last whole record within the byte cap, and says so', async () => {
    const records = Array.from({ length: 50 }, (_, index) => [`row ${index}`, 'a, "quoted" cell']);
    const text = async (maxBytes: number) => {
      const cap = { maxBytes, records: 0, cut: false };
      let out = '';
      for await (const piece of csvText([[['h1', 'h2']], records.slice(0, 20), records.slice(20)], cap)) out += piece;
      return { out, cap };
    };
    const whole = await text(1_000_000);
    expect(whole.cap).toEqual({ maxBytes: 1_000_000, records: 51, cut: false });
    for (const maxBytes of [3, 10, 100, 613, 614, 615, Buffer.byteLength(whole.out) - 1]) {
      const { out, cap } = await text(maxBytes);
      const lines = out.slice(1).split('\n').slice(0, -1);
      expect([maxBytes, cap.cut, Buffer.byteLength(out) <= maxBytes]).toEqual([maxBytes, true, true]);
      expect(whole.out.startsWith(out)).toBe(true);
      expect(out === '\ufeff' || out.endsWith('\n')).toBe(true);
      expect(lines).toHaveLength(cap.records);
      expect(
        Buffer.byteLength(
          whole.out
            .split('\n')
            .slice(0, cap.records + 1)
            .join('\n'),
        ) + 1,
      ).toBeGreaterThan(maxBytes);
    }
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
