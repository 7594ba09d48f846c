import { type ExportColumn, type ExportItemsMap, valueKindOf } from '@quarry/formatting';
import type { NativeColumn, NativeCsv, RawCellAs } from '@quarry/warehouses';
import { rawCellSql } from '@quarry/warehouses';

/** The JS path's raw cell (csvRawValue) formats dates and timestamps by the field's kind, everything else as text. */
function rawAs(itemsMap: ExportItemsMap, id: string): RawCellAs {
  const item = Object.hasOwn(itemsMap, id) ? itemsMap[id] : undefined;
  const kind = item === undefined ? undefined : valueKindOf(item);
  return kind === 'date' || kind === 'timestamp' ? kind : 'text';
}

/**
 * The SQL of each export column's cell, exactly as the JS path would write it; undefined when any
 * column cannot be written exactly by the engine — the export then takes the JS path whole.
 * Formatted cells wait for formatting compiled to SQL; until then only raw exports qualify.
 */
export function nativeCsvCells(
  nativeCsv: NativeCsv,
  engine: 'duckdb' | 'postgres',
  columns: readonly ExportColumn[],
  resultColumns: readonly NativeColumn[],
  itemsMap: ExportItemsMap,
  onlyRaw: boolean,
): string[] | undefined {
  if (!onlyRaw || columns.length === 0) return undefined;
  const types = new Map(resultColumns.map((column) => [column.name, column.nativeType]));
  const cells: string[] = [];
  for (const column of columns) {
    const type = types.get(column.id);
    const cell = type === undefined ? undefined : rawCellSql(engine, type, nativeCsv.columnSql(column.id), rawAs(itemsMap, column.id));
    if (cell === undefined) return undefined;
    cells.push(cell);
  }
  return cells;
}
