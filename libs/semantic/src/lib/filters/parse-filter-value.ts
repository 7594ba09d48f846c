import type { FilterOperator, FilterRuleSettings, FilterValue, UnitOfTime } from '@quarry/domain';

/** What one YAML filter value (`status: '!cancelled'`) means. */
export interface ParsedFilterValue {
  operator: FilterOperator;
  values: FilterValue[];
  settings?: FilterRuleSettings;
}

const COMPARISON = /^(>=|<=|>|<)\s*(.+)$/;
const RELATIVE = /^(inThePast|notInThePast|inTheNext)\s+(\d+)\s+(completed\s+)?([a-z]+)$/i;
const CURRENT = /^(inTheCurrent|notInTheCurrent)\s+([a-z]+)$/i;

const COMPARISON_OPERATORS: Record<string, FilterOperator> = {
  '>=': 'greaterThanOrEqual',
  '<=': 'lessThanOrEqual',
  '>': 'greaterThan',
  '<': 'lessThan',
};

/** Units as the grammar accepts them, singular or plural, to the rule's plural unit. */
const UNITS: Record<string, UnitOfTime> = {
  millisecond: 'milliseconds',
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};

/**
 * The YAML filter grammar (metric `filters`, `required_filters`, `default_filters`):
 * null → isNull; a number or boolean → equals; a list → equals any; strings: `null` / `!null`,
 * `> 10` `>= 10` `< 10` `<= 10`, `inThePast 14 days` (also `completed`, `notInThePast`,
 * `inTheNext`), `inTheCurrent month`, `!x` notEquals, `%x%` include, `!%x%` doesNotInclude,
 * `x%` startsWith, `%x` endsWith, `a, b` equals either; anything else equals the text.
 */
export function parseFilterValue(value: unknown): ParsedFilterValue {
  if (value === null || value === undefined) return { operator: 'isNull', values: [] };
  if (typeof value === 'number' || typeof value === 'boolean') return { operator: 'equals', values: [value] };
  if (Array.isArray(value)) return { operator: 'equals', values: value.map(toFilterValue) };
  if (typeof value !== 'string') throw new Error(`Unsupported filter value ${JSON.stringify(value)}`);
  return parseFilterText(value.trim());
}

function parseFilterText(text: string): ParsedFilterValue {
  if (text === 'null') return { operator: 'isNull', values: [] };
  if (text === '!null') return { operator: 'notNull', values: [] };

  const comparison = COMPARISON.exec(text);
  if (comparison)
    return {
      operator: COMPARISON_OPERATORS[comparison[1] as string] as FilterOperator,
      values: [numberOrText((comparison[2] as string).trim())],
    };

  const relative = RELATIVE.exec(text);
  if (relative) {
    // The pattern's groups always match but `completed`: the defaults only satisfy the index type.
    const [, operator = '', amount = '', completed, unit = ''] = relative;
    return {
      operator: normaliseOperator(operator) as FilterOperator,
      values: [Number(amount)],
      settings: { unitOfTime: parseUnit(unit), completed: completed !== undefined },
    };
  }
  const current = CURRENT.exec(text);
  if (current) {
    const [, operator = '', unit = ''] = current;
    return {
      operator: normaliseOperator(operator) as FilterOperator,
      values: [1],
      settings: { unitOfTime: parseUnit(unit), completed: false },
    };
  }

  if (text.startsWith('!')) {
    const rest = text.slice(1);
    if (rest.length > 2 && rest.startsWith('%') && rest.endsWith('%')) return { operator: 'doesNotInclude', values: [rest.slice(1, -1)] };
    return { operator: 'notEquals', values: splitList(rest) };
  }
  if (text.length > 2 && text.startsWith('%') && text.endsWith('%')) return { operator: 'include', values: [text.slice(1, -1)] };
  if (text.length > 1 && text.endsWith('%')) return { operator: 'startsWith', values: [text.slice(0, -1)] };
  if (text.length > 1 && text.startsWith('%')) return { operator: 'endsWith', values: [text.slice(1)] };
  return { operator: 'equals', values: splitList(text) };
}

/** `inthepast` and `inThePast` both name the operator. */
function normaliseOperator(operator: string): string {
  const known = ['inThePast', 'notInThePast', 'inTheNext', 'inTheCurrent', 'notInTheCurrent'];
  return known.find((name) => name.toLowerCase() === operator.toLowerCase()) ?? operator;
}

function parseUnit(unit: string): UnitOfTime {
  const singular = unit.toLowerCase().replace(/s$/, '');
  const parsed = UNITS[singular];
  if (!parsed) throw new Error(`Unknown unit of time "${unit}" in a filter`);
  return parsed;
}

function splitList(text: string): FilterValue[] {
  return text.includes(',') ? text.split(',').map((item) => item.trim()) : [text];
}

function numberOrText(text: string): FilterValue {
  const number = Number(text);
  return text !== '' && Number.isFinite(number) ? number : text;
}

function toFilterValue(value: unknown): FilterValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new Error(`Unsupported filter value ${JSON.stringify(value)}`);
}
