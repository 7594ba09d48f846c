import type { ValueFormatter } from '../item/formattable-item';
import { createCellText } from './cell-text';
import type { ExportColumn } from './export-columns';
import { type ExportItemsMap, itemOf, type RawRow } from './export-item';

/** One raw result row → the cells of its export line, in the columns' order. */
export type ExportCellFormatter = (row: RawRow) => string[];

/**
 * Writes the rows of a plain export. Exports stream up to millions of rows, so every column's
 * formatter is compiled here once and a row costs one array and its cell strings.
 */
export function createExportCellFormatter(
  itemsMap: ExportItemsMap,
  columns: ReadonlyArray<Pick<ExportColumn, 'id'>>,
  onlyRaw: boolean,
): ExportCellFormatter {
  const ids = columns.map((column) => column.id);
  const texts: ValueFormatter[] = columns.map((column) => createCellText(itemOf(itemsMap, column.id), onlyRaw));
  const count = ids.length;
  return (row) => {
    const cells = new Array<string>(count);
    for (let index = 0; index < count; index += 1) cells[index] = texts[index](row[ids[index]]);
    return cells;
  };
}
