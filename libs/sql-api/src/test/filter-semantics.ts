import type { FilterGroupItem, FilterRule } from '@quarry/domain';

import type { SqlType } from '../lib/sql-plan';

export type Row = Record<string, unknown>;

/**
 * Whether a row passes a filter item, by the rules of semantics.md §4 (what the compiler's SQL
 * means): negative operators keep NULLs, comparisons with NULL fail, a rule without values passes,
 * a disabled rule passes, an empty group passes. Used to check two filters mean the same.
 */
export function rowPasses(item: FilterGroupItem | undefined, row: Row, typeOf: (fieldId: string) => SqlType): boolean {
  if (item === undefined) return true;
  if ('and' in item) return item.and.every((child) => rowPasses(child, row, typeOf));
  if ('or' in item) return item.or.length === 0 || item.or.some((child) => rowPasses(child, row, typeOf));
  return rulePasses(item, row, typeOf(item.target.fieldId));
}

function rulePasses(rule: FilterRule, row: Row, type: SqlType): boolean {
  if (rule.disabled) return true;
  const raw = row[rule.target.fieldId];
  const value = raw === undefined ? null : raw;
  if (rule.operator === 'isNull') return value === null;
  if (rule.operator === 'notNull') return value !== null;
  const values = rule.values ?? [];
  if (values.length === 0) return true;
  if (type === 'text') return textPasses(rule, value as string | null, values.map(String));
  if (type === 'bool') {
    const wanted = values[0] === true || values[0] === 'true';
    return rule.operator === 'equals' ? value === wanted : value === null || value !== wanted;
  }
  const key = type === 'date' || type === 'timestamp' || type === 'timestamptz' ? (v: unknown) => timeKey(v, type) : (v: unknown) => Number(v);
  const d = value === null ? null : key(value);
  const keys = values.map(key);
  const first = keys[0] as number;
  const time = type === 'date' || type === 'timestamp' || type === 'timestamptz';
  switch (rule.operator) {
    case 'equals':
      return d !== null && (time ? d === first : keys.includes(d));
    case 'notEquals':
      return d === null || (time ? d !== first : !keys.includes(d));
    case 'greaterThan':
      return d !== null && d > first;
    case 'greaterThanOrEqual':
      return d !== null && d >= first;
    case 'lessThan':
      return d !== null && d < first;
    case 'lessThanOrEqual':
      return d !== null && d <= first;
    case 'inBetween':
      return d !== null && d >= first && d <= (keys[1] as number);
    case 'notInBetween':
      return d !== null && (d < first || d > (keys[1] as number));
    default:
      throw new Error(`no semantics for ${rule.operator} on ${type}`);
  }
}

function textPasses(rule: FilterRule, value: string | null, values: string[]): boolean {
  const sensitive = rule.caseSensitive !== false;
  const fold = (text: string): string => (sensitive ? text : text.toUpperCase());
  const d = value === null ? null : fold(value);
  const folded = values.map(fold);
  switch (rule.operator) {
    case 'equals':
      return d !== null && folded.includes(d);
    case 'notEquals':
      return d === null || !folded.includes(d);
    case 'include':
      return d !== null && folded.some((text) => d.includes(text));
    case 'doesNotInclude':
      return d === null || folded.every((text) => !d.includes(text));
    case 'startsWith':
      return d !== null && folded.some((text) => d.startsWith(text));
    case 'endsWith':
      return d !== null && folded.some((text) => d.endsWith(text));
    default:
      throw new Error(`no semantics for ${rule.operator} on text`);
  }
}

/** Dates compare by calendar day; timestamps as UTC instants (no offset: UTC). */
function timeKey(value: unknown, type: SqlType): number {
  const text = String(value).trim();
  if (type === 'date') return Date.parse(`${text.slice(0, 10)}T00:00:00Z`);
  const iso = text.replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}${iso.length === 10 ? 'T00:00:00' : ''}Z`);
}
