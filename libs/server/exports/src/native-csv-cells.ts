import { type ExportColumn, type ExportItemsMap, formattedCellSql, valueKindOf } from '@quarry/formatting';
import type { NativeColumn, NativeCsv, NativeCsvCell, RawCellAs } from '@quarry/warehouses';
import { cellValueSql, rawCellSql } from '@quarry/warehouses';

function itemOf(itemsMap: ExportItemsMap, id: string) {
  // own keys only, as the JS path reads them: a column named like an Object.prototype member must not find that member
  return Object.hasOwn(itemsMap, id) ? itemsMap[id] : undefined;
}

/** The JS path's raw cell (csvRawValue) formats dates and timestamps by the field's kind, everything else as text. */
function rawAs(itemsMap: ExportItemsMap, id: string): RawCellAs {
  const item = itemOf(itemsMap, id);
  const kind = item === undefined ? undefined : valueKindOf(item);
  return kind === 'date' || kind === 'timestamp' ? kind : 'text';
}

/**
 * One cell's SQL: raw cells from the result column's engine type (exact for the types listed in
 * rawCellSql), formatted cells from formatting compiled to SQL (@quarry/formatting's
 * formattedCellSql) for the value the engine type says the adapter reads.
 */
function cellSql(
  engine: 'duckdb' | 'postgres',
  nativeType: string,
  valueSql: string,
  itemsMap: ExportItemsMap,
  id: string,
  onlyRaw: boolean,
): NativeCsvCell | undefined {
  if (onlyRaw) return rawCellSql(engine, nativeType, valueSql, rawAs(itemsMap, id));
  const value = cellValueSql(engine, nativeType, valueSql);
  const sql = value === undefined ? undefined : formattedCellSql(itemOf(itemsMap, id), value.sql, engine, 'formatted', value.type);
  // Formatted text may hold anything (separators, prefixes, labels): always tested.
  return sql === undefined ? undefined : { sql, mayNeedQuotes: true };
}

/**
 * The SQL of each export column's cell, exactly as the JS path would write it; undefined when any
 * column cannot be written exactly by the engine — the export then takes the JS path whole.
 */
export function nativeCsvCells(
  nativeCsv: NativeCsv,
  engine: 'duckdb' | 'postgres',
  columns: readonly ExportColumn[],
  resultColumns: readonly NativeColumn[],
  itemsMap: ExportItemsMap,
  onlyRaw: boolean,
  /** The SQL alias of a column: its id unless the SQL shortened it past the warehouse's identifier limit. */
  aliasOf: (id: string) => string = (id) => id,
): NativeCsvCell[] | undefined {
  if (columns.length === 0) return undefined;
  const types = new Map(resultColumns.map((column) => [column.name, column.nativeType]));
  const cells: NativeCsvCell[] = [];
  for (const column of columns) {
    const alias = aliasOf(column.id);
    const type = types.get(alias);
    const cell = type === undefined ? undefined : cellSql(engine, type, nativeCsv.columnSql(alias), itemsMap, column.id, onlyRaw);
    if (cell === undefined) return undefined;
    cells.push(cell);
  }
  return cells;
}
