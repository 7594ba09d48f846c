import { createItemFormatter } from '../item/create-item-formatter';
import type { FormattableItem, ValueFormatter } from '../item/formattable-item';
import { valueKindOf } from '../item/value-kind';
import { csvRawValue } from '../raw/csv-raw-value';

/**
 * How one column's values become export cells, resolved once per column: the raw value in CSV
 * raw mode (`onlyRaw`: dates `YYYY-MM-DD`, timestamps `YYYY-MM-DD HH:mm:ss.SSS`), else the
 * formatted text the UI shows.
 */
export function createCellText(item: FormattableItem | undefined, onlyRaw: boolean): ValueFormatter {
  if (!onlyRaw) return createItemFormatter(item);
  const kind = item === undefined ? undefined : valueKindOf(item);
  return (value) => csvRawValue(value, kind);
}
