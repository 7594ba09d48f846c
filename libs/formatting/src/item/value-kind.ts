import type { FormattableItem } from './formattable-item';

/** The kinds of value that format differently, whatever item type they come from. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'date' | 'timestamp';

function kindOfType(type: string | null | undefined): ValueKind {
  switch (type ?? '') {
    case 'string':
    case 'bin': // bins are labels such as '10 - 19'
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamp';
    default:
      // every metric type but string/date/timestamp/boolean yields a number, and so do untyped table calculations
      return 'number';
  }
}

export function valueKindOf(item: FormattableItem): ValueKind {
  return item.type === 'sql' ? kindOfType(item.dimensionType ?? 'string') : kindOfType(item.type);
}
