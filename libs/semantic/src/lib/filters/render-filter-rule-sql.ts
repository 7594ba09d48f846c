import { type SqlDialect, weekStartOf } from '@quarry/dialects';
import type { DimensionType, FilterOperator, FilterRuleSettings, FilterValue, UnitOfTime, WeekDay } from '@quarry/domain';

import { addUnits, endOf, startOf } from './relative-dates';

/** The rule to render: operator, values and relative-date settings. */
export interface FilterRuleInput {
  operator: FilterOperator;
  values?: readonly FilterValue[];
  settings?: FilterRuleSettings;
}

export interface FilterSqlContext {
  dialect: SqlDialect;
  /** Reference point of relative-date operators (`inThePast`, …). */
  now: Date;
  /** False compares strings upper-cased on both sides. */
  caseSensitive: boolean;
  /** Week start for `inTheCurrent week` and friends; default the warehouse's own. */
  startOfWeek?: WeekDay;
}

/**
 * One filter rule as SQL with its values written as escaped literals — how filters declared in
 * the project (metric filters) appear in an explore's compiled SQL. `fieldSql` is the compiled
 * sql of the filtered dimension, `type` its value type.
 */
export function renderFilterRuleSql(rule: FilterRuleInput, fieldSql: string, type: DimensionType, context: FilterSqlContext): string {
  const values = rule.values ?? [];
  if (rule.operator === 'isNull') return `(${fieldSql}) IS NULL`;
  if (rule.operator === 'notNull') return `(${fieldSql}) IS NOT NULL`;
  // A rule that needs values but has none does not filter (the UI creates such rules while editing).
  if (values.length === 0) return 'true';
  switch (type) {
    case 'string':
      return stringFilterSql(rule.operator, fieldSql, values.map(String), context);
    case 'number':
      return numberFilterSql(rule.operator, fieldSql, values.map(toNumber));
    case 'boolean':
      return booleanFilterSql(rule.operator, fieldSql, toBoolean(values[0] ?? null));
    case 'date':
    case 'timestamp':
      return timeFilterSql(rule, fieldSql, type, values, context);
  }
}

/** Renderers by operator; an operator missing from a type's table does not apply to that type. */
type OperatorSql = Partial<Record<FilterOperator, () => string>>;

function applyOperator(table: OperatorSql, operator: FilterOperator, typeName: string): string {
  const render = table[operator];
  if (!render) throw new Error(`The ${operator} operator does not apply to ${typeName}`);
  return render();
}

function stringFilterSql(operator: FilterOperator, d: string, values: string[], context: FilterSqlContext): string {
  const { dialect, caseSensitive } = context;
  const field = caseSensitive ? `(${d})` : `(UPPER(${d}))`;
  const list = values.map((value) => dialect.stringLiteral(caseSensitive ? value : value.toUpperCase())).join(',');
  const like = (pattern: string, negate = false): string => {
    const not = negate ? 'NOT ' : '';
    return caseSensitive
      ? `(${d}) ${not}LIKE ${dialect.stringLiteral(pattern)}`
      : `UPPER(${d}) ${not}LIKE UPPER(${dialect.stringLiteral(pattern)})`;
  };
  const any = (parts: string[]): string => (parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
  return applyOperator(
    {
      equals: () => `${field} IN (${list})`,
      notEquals: () => `(${field} NOT IN (${list}) OR (${d}) IS NULL)`,
      include: () => any(values.map((value) => like(`%${value}%`))),
      doesNotInclude: () => `(${values.map((value) => like(`%${value}%`, true)).join(' AND ')} OR (${d}) IS NULL)`,
      startsWith: () => any(values.map((value) => like(`${value}%`))),
      endsWith: () => any(values.map((value) => like(`%${value}`))),
    },
    operator,
    'text',
  );
}

function numberFilterSql(operator: FilterOperator, d: string, values: number[]): string {
  const first = values[0] as number;
  return applyOperator(
    {
      equals: () => `(${d}) IN (${values.join(',')})`,
      notEquals: () => `((${d}) NOT IN (${values.join(',')}) OR (${d}) IS NULL)`,
      greaterThan: () => `(${d}) > (${first})`,
      greaterThanOrEqual: () => `(${d}) >= (${first})`,
      lessThan: () => `(${d}) < (${first})`,
      lessThanOrEqual: () => `(${d}) <= (${first})`,
      inBetween: () => `(${d}) >= (${first}) AND (${d}) <= (${secondValue(values)})`,
      notInBetween: () => `(${d}) < (${first}) OR (${d}) > (${secondValue(values)})`,
    },
    operator,
    'numbers',
  );
}

function booleanFilterSql(operator: FilterOperator, d: string, value: boolean): string {
  return applyOperator(
    { equals: () => `(${d}) = ${value}`, notEquals: () => `((${d}) != ${value} OR (${d}) IS NULL)` },
    operator,
    'booleans',
  );
}

function timeFilterSql(
  rule: FilterRuleInput,
  d: string,
  type: 'date' | 'timestamp',
  values: readonly FilterValue[],
  context: FilterSqlContext,
): string {
  const literal = (date: Date): string => `(${context.dialect.timeLiteral(date, type)})`;
  const value = (index: number): string => literal(toDate(values[index]));
  const weekStart = weekStartOf(context.startOfWeek);
  const unit: UnitOfTime = rule.settings?.unitOfTime ?? 'days';
  const completed = rule.settings?.completed === true;
  const amount = (): number => toNumber(values[0] ?? null);
  const between = (from: Date, to: Date, inclusiveEnd: boolean): string =>
    `((${d}) >= ${literal(from)} AND (${d}) ${inclusiveEnd ? '<=' : '<'} ${literal(to)})`;
  const inThePast = (): string =>
    completed
      ? between(addUnits(startOf(context.now, unit, weekStart), -amount(), unit), startOf(context.now, unit, weekStart), false)
      : between(addUnits(context.now, -amount(), unit), context.now, true);
  const inTheCurrent = (): string => between(startOf(context.now, unit, weekStart), endOf(context.now, unit, weekStart), true);
  const inTheNext = (): string => {
    if (!completed) return between(context.now, addUnits(context.now, amount(), unit), true);
    const nextStart = startOf(addUnits(context.now, 1, unit), unit, weekStart);
    return between(nextStart, addUnits(nextStart, amount(), unit), false);
  };
  return applyOperator(
    {
      equals: () => `(${d}) = ${value(0)}`,
      notEquals: () => `((${d}) != ${value(0)} OR (${d}) IS NULL)`,
      greaterThan: () => `(${d}) > ${value(0)}`,
      greaterThanOrEqual: () => `(${d}) >= ${value(0)}`,
      lessThan: () => `(${d}) < ${value(0)}`,
      lessThanOrEqual: () => `(${d}) <= ${value(0)}`,
      inBetween: () => between(toDate(values[0]), toDate(values[1]), true),
      notInBetween: () => `((${d}) < ${value(0)} OR (${d}) > ${value(1)})`,
      inThePast,
      notInThePast: () => `NOT ${inThePast()}`,
      inTheNext,
      inTheCurrent,
      notInTheCurrent: () => `(NOT ${inTheCurrent()})`,
    },
    rule.operator,
    'dates in filters declared in the project',
  );
}

function secondValue(values: number[]): number {
  const second = values[1];
  if (second === undefined) throw new Error('A between filter needs two values');
  return second;
}

function toNumber(value: FilterValue): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) throw new Error(`Filter value ${JSON.stringify(value)} is not a number`);
  return number;
}

function toBoolean(value: FilterValue): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Filter value ${JSON.stringify(value)} is not true or false`);
}

function toDate(value: FilterValue | undefined): Date {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`Filter value ${JSON.stringify(value)} is not a date`);
  return date;
}
