import { type CustomFormat, NUMBER_SEPARATORS, type NumberSeparator } from '@quarry/domain';

import type { FormattableItem } from '../item/formattable-item';
import { compactScale } from '../number/compact-units';

const CURRENCY_KEYWORDS = new Set(['usd', 'gbp', 'eur', 'jpy', 'dkk']);
const DISTANCE_KEYWORDS = new Set(['km', 'mi']);

function separatorOf(item: FormattableItem): NumberSeparator | undefined {
  const separator = item.separator;
  return typeof separator === 'string' && (NUMBER_SEPARATORS as readonly string[]).includes(separator)
    ? (separator as NumberSeparator)
    : undefined;
}

/**
 * The CustomFormat an item is shown with: its formatOptions, else a table calculation's format
 * object, else one derived from the legacy `format` keyword with the item's round and compact.
 */
export function getCustomFormat(item: FormattableItem | undefined | null): CustomFormat {
  if (item === undefined || item === null) return { type: 'default' };
  if (item.formatOptions) return item.formatOptions;
  if (item.format !== null && typeof item.format === 'object') return item.format;

  const round = item.round ?? undefined;
  const compact = compactScale(item.compact)?.unit;
  const separator = separatorOf(item);
  // absent options stay absent, so the result compares equal to a hand-written CustomFormat
  const options = { ...(round === undefined ? {} : { round }), ...(separator === undefined ? {} : { separator }) };
  const withCompact = { ...options, ...(compact === undefined ? {} : { compact }) };

  const keyword = typeof item.format === 'string' ? item.format.trim().toLowerCase() : '';
  if (CURRENCY_KEYWORDS.has(keyword)) return { type: 'currency', currency: keyword.toUpperCase(), ...withCompact };
  if (DISTANCE_KEYWORDS.has(keyword)) return { type: 'number', suffix: ` ${keyword}`, ...withCompact };
  if (keyword === 'percent') return { type: 'percent', ...options };
  if (keyword === 'id') return { type: 'id' };
  return { type: 'number', ...withCompact };
}
