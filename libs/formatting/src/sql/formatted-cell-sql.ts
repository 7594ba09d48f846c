import { dialectFor, type SqlDialect } from '@quarry/dialects';
import type { WarehouseType } from '@quarry/domain';

import type { FormattableItem } from '../item/formattable-item';

/** Which cell text an export writes: the formatted text the UI shows, or CSV raw mode's text. */
export type CellSqlMode = 'formatted' | 'raw';

/**
 * SQL text of the CSV cell a plain export writes for one column, given the SQL of its raw value —
 * the same bytes `createExportCellFormatter(itemsMap, columns, mode === 'raw')` writes for the
 * value the warehouse adapter would have returned. undefined when this item's format cannot be
 * compiled exactly on this dialect: the caller then keeps the JS path for the whole export.
 *
 * - `item` is the column's item from the export's items map (undefined for a column without one).
 * - The expression yields text, or NULL exactly where the JS path writes an empty cell (a null
 *   value in raw mode, and empty text in either mode): write it with the engine's CSV writer
 *   with NULL as the empty, unquoted field, and quoting only where needed.
 * - `valueSql` must have the SQL type the item's kind implies (numeric for number kinds, DATE or
 *   TIMESTAMP [WITH TIME ZONE] for dates and timestamps, BOOLEAN for booleans, text for strings),
 *   as a compiled query's columns do; values are read in UTC whatever the session's time zone.
 */
export function formattedCellSql(item: FormattableItem | undefined, valueSql: string, dialect: SqlDialect | WarehouseType, mode: CellSqlMode): string | undefined {
  const resolved = typeof dialect === 'string' ? dialectFor(dialect) : dialect;
  void item;
  void valueSql;
  void resolved;
  void mode;
  return undefined;
}
