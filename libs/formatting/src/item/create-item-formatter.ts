import { createCustomFormatter } from '../custom-format/create-custom-formatter';
import { getCustomFormat } from '../custom-format/get-custom-format';
import { createDateFormatter, createTimestampFormatter } from '../dates/date-formatters';
import { createExpressionFormatter, isFormatExpression } from '../expression/format-expression';
import { createNumberToText } from '../number/number-to-text';
import type { FormattableItem, ValueFormatter } from './formattable-item';
import { valueAsText } from './value-as-text';
import { valueKindOf } from './value-kind';

const TRUE_TEXT = new Set(['true', 't', '1']);
const FALSE_TEXT = new Set(['false', 'f', '0']);

/** Booleans show as True/False; drivers that send 't', 'true' or 1 are understood too. */
export const formatBoolean: ValueFormatter = (value) => {
  if (value === true) return 'True';
  if (value === false) return 'False';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).toLowerCase() : undefined;
  if (text !== undefined && TRUE_TEXT.has(text)) return 'True';
  if (text !== undefined && FALSE_TEXT.has(text)) return 'False';
  return valueAsText(value);
};

const ISO_TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** MIN/MAX of a date column return dates though the metric type says nothing of it. */
function withDateValuesAsTimestamps(formatter: ValueFormatter): ValueFormatter {
  const asTimestamp = createTimestampFormatter();
  return (value) =>
    value instanceof Date || (typeof value === 'string' && ISO_TIMESTAMP_TEXT.test(value)) ? asTimestamp(value) : formatter(value);
}

/** Formatting for a column with no item (e.g. a bin's `_order` column): by the value's own type. */
const formatUntyped: ValueFormatter = (() => {
  const numberToText = createNumberToText({});
  const asTimestamp = createTimestampFormatter();
  return (value) => {
    if (typeof value === 'number' || typeof value === 'bigint') return numberToText(value);
    if (typeof value === 'boolean') return formatBoolean(value);
    if (value instanceof Date) return asTimestamp(value);
    return valueAsText(value);
  };
})();

function compileItem(item: FormattableItem): ValueFormatter {
  if (isFormatExpression(item.format)) return createExpressionFormatter(item.format);
  switch (valueKindOf(item)) {
    case 'string':
      return valueAsText;
    case 'boolean':
      return formatBoolean;
    case 'date':
      return createDateFormatter(item.timeInterval);
    case 'timestamp':
      return createTimestampFormatter(item.timeInterval);
    case 'number':
      // a year number must not be grouped as "2,024"
      if (item.timeInterval === 'YEAR_NUM') return valueAsText;
      if (item.type === 'min' || item.type === 'max') return withDateValuesAsTimestamps(createCustomFormatter(getCustomFormat(item)));
      return createCustomFormatter(getCustomFormat(item));
  }
}

/**
 * Resolves everything about an item's formatting once and returns the per-cell function:
 * null `∅`, undefined `-`, else the item's rules (semantics §6).
 */
export function createItemFormatter(item: FormattableItem | undefined | null): ValueFormatter {
  if (item === undefined || item === null) return formatUntypedCell;
  if (!Object.isFrozen(item)) return cellFormatter(compileItem(item));
  let formatter = FORMATTERS_OF_FROZEN_ITEMS.get(item);
  if (formatter === undefined) FORMATTERS_OF_FROZEN_ITEMS.set(item, (formatter = cellFormatter(compileItem(item))));
  return formatter;
}

function cellFormatter(inner: ValueFormatter): ValueFormatter {
  return (value) => (value === null ? '∅' : value === undefined ? '-' : inner(value));
}

const formatUntypedCell = cellFormatter(formatUntyped);

/**
 * Formatters are pure functions of their item. An item that cannot change (the fields of a cached
 * explore are frozen, deeply) keeps its formatter for as long as it lives: a query answered from
 * the results cache no longer builds a number format per field on every request.
 */
const FORMATTERS_OF_FROZEN_ITEMS = new WeakMap<FormattableItem, ValueFormatter>();

/** The `formatted` text of one value. For whole columns, use createItemFormatter. */
export function formatItemValue(item: FormattableItem | undefined | null, value: unknown): string {
  return createItemFormatter(item)(value);
}
