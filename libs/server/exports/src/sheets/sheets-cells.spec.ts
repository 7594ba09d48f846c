import { encodeRow, MAX_CELL_CHARACTERS, rowBatches } from './sheets-cells';

describe('encoding rows for Sheets', () => {
  it('keeps types, leaves formulas as text, and empties null, NaN-free', () => {
    expect(encodeRow(['=1+1', 2.5, false, null, undefined, Number.NaN]).data.values).toEqual([
      { userEnteredValue: { stringValue: '=1+1' } },
      { userEnteredValue: { numberValue: 2.5 } },
      { userEnteredValue: { boolValue: false } },
      {},
      {},
      { userEnteredValue: { stringValue: 'NaN' } },
    ]);
  });

  it('cuts a cell to the 50,000 characters Google accepts, and counts it', () => {
    const encoded = encodeRow(['x'.repeat(MAX_CELL_CHARACTERS + 5), 'ok']);
    expect(encoded.clipped).toBe(1);
    expect(encoded.data.values?.[0].userEnteredValue?.stringValue).toHaveLength(MAX_CELL_CHARACTERS);
  });

  it('batches by rows and by bytes, keeping order, a lone oversized row alone', () => {
    const rows = [['a'], ['b'], ['c'], ['d'], ['e']];
    expect([...rowBatches(rows, 2, 1_000_000)].map((batch) => batch.length)).toEqual([2, 2, 1]);
    const rowBytes = encodeRow(['a']).bytes;
    expect([...rowBatches(rows, 100, rowBytes * 3)].map((batch) => batch.length)).toEqual([3, 2]);
    const sizes = [...rowBatches([['small'], ['y'.repeat(500)], ['small']], 100, 100)].map((batch) => batch.length);
    expect(sizes).toEqual([1, 1, 1]);
    expect([...rowBatches(rows, 2, 1_000_000)].flat().map((row) => row.data.values?.[0].userEnteredValue?.stringValue)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });
});
