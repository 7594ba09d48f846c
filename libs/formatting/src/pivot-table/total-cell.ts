import { createItemFormatter } from '../item/create-item-formatter';
import type { FormattableItem } from '../item/formattable-item';
import { valueKindOf } from '../item/value-kind';
import { csvRawValue } from '../raw/csv-raw-value';
import { sumCells } from './cell-sum';

/** The cells a total adds up → the total's cell. */
export type TotalCell = (values: Iterable<unknown>) => string;

const NO_TOTAL: TotalCell = () => '';

/**
 * A column's total cell: the sum, written like the column's values (its format, or raw). Only
 * numeric columns have totals; a sum of dates or texts means nothing.
 */
export function createTotalCell(item: FormattableItem | undefined, onlyRaw: boolean): TotalCell {
  if (item === undefined || valueKindOf(item) !== 'number') return NO_TOTAL;
  const text = onlyRaw ? (value: number) => csvRawValue(value, 'number') : createItemFormatter(item);
  return (values) => {
    const total = sumCells(values);
    return total === undefined ? '' : text(total);
  };
}
