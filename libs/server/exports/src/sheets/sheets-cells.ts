import type { sheets_v4 } from '@googleapis/sheets';

export type SheetsCell = string | number | boolean | null | undefined;

/** Google refuses a whole request when one cell holds more than this many characters. */
export const MAX_CELL_CHARACTERS = 50_000;

export interface EncodedRow {
  data: sheets_v4.Schema$RowData;
  /** Length of the row in the request body, to keep each request near the size Google advises. */
  bytes: number;
  width: number;
  /** Cells cut to MAX_CELL_CHARACTERS. */
  clipped: number;
}

/**
 * Values go in as typed literals (`stringValue`, never `formulaValue`), so a text starting with
 * "=" stays text: exported data cannot run formulas such as IMPORTXML in the reader's sheet.
 */
export function encodeRow(row: readonly SheetsCell[]): EncodedRow {
  let clipped = 0;
  const values = row.map((cell): sheets_v4.Schema$CellData => {
    if (cell === null || cell === undefined) return {};
    if (typeof cell === 'boolean') return { userEnteredValue: { boolValue: cell } };
    // JSON has no NaN or Infinity: they would arrive as empty cells.
    if (typeof cell === 'number' && Number.isFinite(cell)) return { userEnteredValue: { numberValue: cell } };
    const text = String(cell);
    if (text.length <= MAX_CELL_CHARACTERS) return { userEnteredValue: { stringValue: text } };
    clipped += 1;
    return { userEnteredValue: { stringValue: text.slice(0, MAX_CELL_CHARACTERS) } };
  });
  const data = { values };
  return { data, bytes: Buffer.byteLength(JSON.stringify(data)) + 1, width: row.length, clipped };
}

/** Consecutive rows, each group within both the row and the byte budget (a lone oversized row goes alone). */
export function* rowBatches(rows: readonly (readonly SheetsCell[])[], maxRows: number, maxBytes: number): Generator<EncodedRow[]> {
  let batch: EncodedRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const encoded = encodeRow(row);
    if (batch.length > 0 && (batch.length >= maxRows || bytes + encoded.bytes > maxBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(encoded);
    bytes += encoded.bytes;
  }
  if (batch.length > 0) yield batch;
}
