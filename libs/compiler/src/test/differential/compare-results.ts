import { createRowFormatter } from '@quarry/formatting';

import type { ItemsMap } from '../../lib/compile-types';

/** One cell, raw and formatted, as compared across engines. */
export interface ComparedCell {
  raw: unknown;
  formatted: string;
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

/**
 * The only normalisation of raw values: drivers return numbers as number, bigint or numeric text,
 * and floating-point aggregates may differ past the 12th significant digit. Everything else — text,
 * ISO dates and timestamps as the adapters serve them, booleans, nulls — must be equal as is.
 */
export function comparableRaw(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return roundNumber(Number(value));
  if (typeof value === 'number') return roundNumber(value);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value) && !/^0\d/.test(value)) return roundNumber(Number(value));
  return value;
}

function roundNumber(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Every row's cells of the result's fields, raw (normalised) and formatted by the production row formatter. */
export function comparableRows(rows: ReadonlyArray<Record<string, unknown>>, fields: ItemsMap): ComparedCell[][] {
  const ids = Object.keys(fields);
  const format = createRowFormatter(fields as Parameters<typeof createRowFormatter>[0]);
  return rows.map((row) => {
    for (const id of ids) if (!(id in row)) throw new Error(`The result has no column "${id}" (columns: ${Object.keys(row).join(', ')})`);
    const formatted = format(row as Parameters<ReturnType<typeof createRowFormatter>>[0]);
    // The raw value as served (the row formatter's raw converter), not as the driver returned it.
    return ids.map((id) => {
      const { value } = formatted[id] as { value: { raw: unknown; formatted: string } };
      return { raw: comparableRaw(value.raw), formatted: value.formatted };
    });
  });
}

/** Differences between two results, described for a failure message (empty: the same). */
export function resultDifferences(
  left: ComparedCell[][],
  right: ComparedCell[][],
  ids: readonly string[],
  order: { total: boolean; keyIndex: number | null },
  [first, second]: readonly [string, string] = ['postgres', 'duckdb'],
): string[] {
  if (left.length !== right.length) return [`row count: ${first} ${left.length}, ${second} ${right.length}`];
  const text = (row: ComparedCell[]): string => JSON.stringify(row);
  const differences: string[] = [];
  if (order.total) {
    left.forEach((row, index) => {
      const other = right[index] as ComparedCell[];
      row.forEach((cell, column) => {
        const twin = other[column] as ComparedCell;
        if (JSON.stringify(cell) !== JSON.stringify(twin))
          differences.push(`row ${index} ${ids[column]}: ${first} ${JSON.stringify(cell)}, ${second} ${JSON.stringify(twin)}`);
      });
    });
    return differences.slice(0, 10);
  }
  // Only the sort key's sequence has a defined order; rows tied on it may come in any order.
  if (order.keyIndex !== null) {
    const keys = (rows: ComparedCell[][]) => rows.map((row) => JSON.stringify(row[order.keyIndex as number]));
    const [a, b] = [keys(left), keys(right)];
    const at = a.findIndex((key, index) => key !== b[index]);
    if (at >= 0) differences.push(`sort key ${ids[order.keyIndex]} at row ${at}: ${first} ${a[at]}, ${second} ${b[at]}`);
  }
  const [a, b] = [left.map(text).sort(), right.map(text).sort()];
  const missing = a.filter((row) => !b.includes(row)).slice(0, 5);
  const extra = b.filter((row) => !a.includes(row)).slice(0, 5);
  for (const row of missing) differences.push(`only on ${first}: ${row}`);
  for (const row of extra) differences.push(`only on ${second}: ${row}`);
  return differences;
}
