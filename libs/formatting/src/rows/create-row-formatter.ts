import { createItemFormatter } from '../item/create-item-formatter';
import type { ItemsMap, ValueFormatter } from '../item/formattable-item';
import { valueKindOf } from '../item/value-kind';
import { createRawConverter, type RawConverter, type RawValue } from '../raw/raw-value';

export interface ResultValue {
  raw: RawValue;
  formatted: string;
}

/** A result row: column alias → `{ value: { raw, formatted } }` (semantics §6). */
export type ResultRow = Record<string, { value: ResultValue }>;

export type RowFormatter = (row: Readonly<Record<string, unknown>>) => ResultRow;

interface ColumnFormatter {
  readonly key: string;
  readonly raw: RawConverter;
  readonly formatted: ValueFormatter;
  /** The column's previous primitive value and what it gave: grouped rows repeat a dimension's value row after row. */
  last: unknown;
  lastValue: ResultValue | undefined;
}

function compileColumn(key: string, itemsMap: ItemsMap): ColumnFormatter {
  // own keys only: a column named like an Object.prototype member must not find that member
  const item = Object.hasOwn(itemsMap, key) ? itemsMap[key] : undefined;
  return {
    key,
    raw: createRawConverter(item ? valueKindOf(item) : undefined),
    formatted: createItemFormatter(item),
    last: undefined,
    lastValue: undefined,
  };
}

/** A cell's value, reusing the column's last one when the same primitive repeats (formatting is a pure function of it). */
function cellValue(column: ColumnFormatter, value: unknown): ResultValue {
  if (column.lastValue !== undefined && value === column.last) return { raw: column.lastValue.raw, formatted: column.lastValue.formatted };
  const result = { raw: column.raw(value), formatted: column.formatted(value) };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    column.last = value;
    // its own copy: a caller changing the cell it was given changes no later cell
    column.lastValue = { raw: result.raw, formatted: result.formatted };
  }
  return result;
}

/**
 * Formats rows one at a time (for streaming exports). Each column's formatter is compiled once;
 * rows of one result share their column order, so after the first row every cell finds its
 * formatter by position, without a lookup. Columns missing from the items are formatted by value.
 */
export function createRowFormatter(itemsMap: ItemsMap): RowFormatter {
  const compiled = new Map<string, ColumnFormatter>();
  const byPosition: ColumnFormatter[] = [];
  const columnAt = (position: number, key: string): ColumnFormatter => {
    let column = compiled.get(key);
    if (column === undefined) {
      column = compileColumn(key, itemsMap);
      compiled.set(key, column);
    }
    byPosition[position] = column;
    return column;
  };

  return (row) => {
    const formatted: ResultRow = {};
    let position = 0;
    // for…in walks the row without allocating a key array; driver rows are plain objects
    for (const key in row) {
      const known = byPosition[position];
      const column = known !== undefined && known.key === key ? known : columnAt(position, key);
      const value = row[key];
      formatted[key] = { value: cellValue(column, value) };
      position += 1;
    }
    return formatted;
  };
}

/** Formats a whole result. */
export function formatRows(rows: ReadonlyArray<Readonly<Record<string, unknown>>>, itemsMap: ItemsMap): ResultRow[] {
  const formatRow = createRowFormatter(itemsMap);
  return rows.map((row) => formatRow(row));
}
