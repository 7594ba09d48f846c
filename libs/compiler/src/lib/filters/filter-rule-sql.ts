import type { SqlDialect } from '@quarry/dialects';
import { type DimensionType, FILTER_OPERATORS, type FilterOperator, isUnitOfTime, type UnitOfTime } from '@quarry/domain';

import { badFilterError } from '../errors/query-errors';
import type { ValueWriter } from '../params/param-binder';
import { amountValue, booleanValue, numberValues, type RuleLocation, stringValues, timeValue } from './filter-values';
import { boundaryText, type RelativeDates } from './relative-date-bounds';
import { ruleData, ruleName } from './rule-names';

/** A rule reduced to what rendering needs (request rules and custom-metric filters alike). */
export interface RenderableRule {
  /** Absent when the client sent none (the reference accepts such rules). */
  id?: string | undefined;
  operator: unknown;
  values?: unknown[];
  settings?: { unitOfTime?: unknown; completed?: unknown };
}

export interface RuleSqlContext {
  dialect: SqlDialect;
  /** Binds values (request filters) or writes them as literals (project filters). */
  binder: ValueWriter;
  dates: RelativeDates;
  caseSensitive: boolean;
}

/**
 * One filter rule as SQL over `d` (the field's compiled sql, or a column alias in later stages),
 * following semantics.md §4; every value is bound. Negative operators keep nulls
 * (`OR d IS NULL`); a rule with no values does not filter (`true`).
 */
export function filterRuleSql(rule: RenderableRule, d: string, type: DimensionType, fieldId: string, context: RuleSqlContext): string {
  const operator = checkedOperator(rule, fieldId);
  const at: RuleLocation = { ruleId: rule.id, fieldId };
  if (operator === 'isNull') return `(${d}) IS NULL`;
  if (operator === 'notNull') return `(${d}) IS NOT NULL`;
  const values = rule.values ?? [];
  if (!Array.isArray(values)) throw badFilterError(`${ruleName(rule.id, fieldId)}: values must be a list`, ruleData(rule.id, fieldId));
  const withNull = nullMatchingSql(rule, operator, values, d, type, fieldId, context);
  if (withNull !== undefined) return withNull;
  // Period to date is the one relative operator that needs no value: it reads `now` only.
  if (values.length === 0 && operator !== 'inPeriodToDate') return 'true';
  switch (type) {
    case 'string':
      return stringRuleSql(operator, d, stringValues(values, at), at, context);
    case 'number':
      return numberRuleSql(operator, d, numberValues(values, at), at, context);
    case 'boolean':
      return booleanRuleSql(operator, d, booleanValue(values[0], at), at);
    case 'date':
    case 'timestamp':
      return timeRuleSql(operator, rule, d, type, values, at, context);
  }
}

/**
 * `equals` / `notEquals` with `null` among the values (the reference's SDK sends `values: [null]` for
 * "is empty"): null matches the empty cell, as `field: null` means isNull in YAML filters
 * (semantics.md). equals [null] is `IS NULL`, equals [a, null] is `(IN (a) OR IS NULL)`;
 * notEquals [null] is `IS NOT NULL`, notEquals [a, null] excludes a and the nulls. Nothing is
 * bound for the null, so every dialect reads it the same. Undefined when no value is null.
 */
function nullMatchingSql(
  rule: RenderableRule,
  operator: FilterOperator,
  values: readonly unknown[],
  d: string,
  type: DimensionType,
  fieldId: string,
  context: RuleSqlContext,
): string | undefined {
  if ((operator !== 'equals' && operator !== 'notEquals') || !values.includes(null)) return undefined;
  const others = values.filter((value) => value !== null);
  const rest = others.length > 0 ? filterRuleSql({ ...rule, values: others }, d, type, fieldId, context) : undefined;
  if (operator === 'equals') return rest === undefined ? `(${d}) IS NULL` : `(${rest} OR (${d}) IS NULL)`;
  return rest === undefined ? `(${d}) IS NOT NULL` : `(${rest} AND (${d}) IS NOT NULL)`;
}

function checkedOperator(rule: RenderableRule, fieldId: string): FilterOperator {
  if (typeof rule.operator === 'string' && (FILTER_OPERATORS as readonly string[]).includes(rule.operator))
    return rule.operator as FilterOperator;
  throw badFilterError(`${ruleName(rule.id, fieldId)}: unknown operator ${JSON.stringify(rule.operator)}`, {
    ...ruleData(rule.id, fieldId),
    operator: rule.operator,
  });
}

type OperatorSql = Partial<Record<FilterOperator, () => string>>;

function apply(table: OperatorSql, operator: FilterOperator, typeName: string, at: RuleLocation): string {
  const render = table[operator];
  if (!render) {
    throw badFilterError(`${ruleName(at.ruleId, at.fieldId)}: the ${operator} operator does not apply to ${typeName}`, {
      ...ruleData(at.ruleId, at.fieldId),
      operator,
    });
  }
  return render();
}

/** `%`, `_` and the escape character itself lose their LIKE meaning (clarification 9). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function stringRuleSql(operator: FilterOperator, d: string, values: string[], at: RuleLocation, context: RuleSqlContext): string {
  const { binder, caseSensitive, dialect } = context;
  const field = caseSensitive ? `(${d})` : `(UPPER(${d}))`;
  // Lazy: only the operator's own values may be bound, or placeholders would go unused.
  const list = (): string => values.map((value) => binder.bind(caseSensitive ? value : value.toUpperCase())).join(',');
  const like = (pattern: string, negate = false): string => {
    const not = negate ? 'NOT ' : '';
    const bound = binder.bind(pattern);
    const escape = dialect.likeEscapeClause();
    return caseSensitive ? `(${d}) ${not}LIKE ${bound}${escape}` : `UPPER(${d}) ${not}LIKE UPPER(${bound})${escape}`;
  };
  const any = (parts: string[]): string => (parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
  return apply(
    {
      equals: () => `${field} IN (${list()})`,
      notEquals: () => `(${field} NOT IN (${list()}) OR (${d}) IS NULL)`,
      include: () => any(values.map((value) => like(`%${escapeLike(value)}%`))),
      doesNotInclude: () => `(${values.map((value) => like(`%${escapeLike(value)}%`, true)).join(' AND ')} OR (${d}) IS NULL)`,
      startsWith: () => any(values.map((value) => like(`${escapeLike(value)}%`))),
      endsWith: () => any(values.map((value) => like(`%${escapeLike(value)}`))),
    },
    operator,
    'text',
    at,
  );
}

function numberRuleSql(operator: FilterOperator, d: string, values: number[], at: RuleLocation, context: RuleSqlContext): string {
  const bind = (value: number): string => context.binder.bindNumber(value);
  const nth = (index: number): string => {
    const value = values[index];
    if (value === undefined)
      throw badFilterError(`${ruleName(at.ruleId, at.fieldId)}: ${operator} needs two values`, ruleData(at.ruleId, at.fieldId));
    return bind(value);
  };
  const list = (): string => values.map(bind).join(',');
  return apply(
    {
      equals: () => `(${d}) IN (${list()})`,
      notEquals: () => `((${d}) NOT IN (${list()}) OR (${d}) IS NULL)`,
      greaterThan: () => `(${d}) > (${nth(0)})`,
      greaterThanOrEqual: () => `(${d}) >= (${nth(0)})`,
      lessThan: () => `(${d}) < (${nth(0)})`,
      lessThanOrEqual: () => `(${d}) <= (${nth(0)})`,
      inBetween: () => `((${d}) >= (${nth(0)}) AND (${d}) <= (${nth(1)}))`,
      notInBetween: () => `((${d}) < (${nth(0)}) OR (${d}) > (${nth(1)}))`,
    },
    operator,
    'numbers',
    at,
  );
}

/** A validated boolean is one of two keywords: written as such, it cannot carry input. */
function booleanRuleSql(operator: FilterOperator, d: string, value: boolean, at: RuleLocation): string {
  const literal = value ? 'true' : 'false';
  return apply(
    { equals: () => `(${d}) = ${literal}`, notEquals: () => `((${d}) != ${literal} OR (${d}) IS NULL)` },
    operator,
    'booleans',
    at,
  );
}

function timeRuleSql(
  operator: FilterOperator,
  rule: RenderableRule,
  d: string,
  type: 'date' | 'timestamp',
  values: readonly unknown[],
  at: RuleLocation,
  context: RuleSqlContext,
): string {
  const { binder, dates, dialect } = context;
  const bindText = (text: string): string => `(${dialect.timeParameter(binder.bind(text), type)})`;
  const value = (index: number): string => {
    if (index >= values.length)
      throw badFilterError(`${ruleName(at.ruleId, at.fieldId)}: ${operator} needs two values`, ruleData(at.ruleId, at.fieldId));
    return bindText(timeValue(values[index], type, at));
  };
  const unit = unitOf(rule, at);
  const completed = rule.settings?.completed === true;
  const amount = (): number => amountValue(values[0], at);
  const bound = (date: ReturnType<RelativeDates['current']>): string => bindText(boundaryText(date, type));
  const between = (from: ReturnType<RelativeDates['current']>, to: ReturnType<RelativeDates['current']>, inclusiveEnd: boolean): string =>
    `((${d}) >= ${bound(from)} AND (${d}) ${inclusiveEnd ? '<=' : '<'} ${bound(to)})`;
  const now = dates.current();
  const inThePast = (): string =>
    completed
      ? between(dates.add(dates.startOf(now, unit), -amount(), unit), dates.startOf(now, unit), false)
      : between(dates.add(now, -amount(), unit), now, true);
  const inTheCurrent = (): string => between(dates.startOf(now, unit), dates.endOf(now, unit), true);
  const inTheNext = (): string => {
    if (!completed) return between(now, dates.add(now, amount(), unit), true);
    const nextStart = dates.startOf(dates.add(now, 1, unit), unit);
    return between(nextStart, dates.add(nextStart, amount(), unit), false);
  };
  /**
   * Period to date (semantics.md §4): rows whose position in their own year (or month) is not past
   * today's — year-to-date across every year. The position of today is a validated number.
   */
  const inPeriodToDate = (): string => {
    const part = unit === 'years' ? 'DOY' : unit === 'months' ? 'DAY' : null;
    if (part === null) {
      throw badFilterError(`${ruleName(at.ruleId, at.fieldId)}: inPeriodToDate applies to years and months, not ${unit}`, {
        ...ruleData(at.ruleId, at.fieldId),
        unitOfTime: unit,
      });
    }
    const today = part === 'DOY' ? now.diff(now.startOf('year'), 'day') + 1 : now.date();
    return `(${dialect.datePart(part, `(${d})`, { baseType: type })}) <= ${binder.bindNumber(today)}`;
  };
  return apply(
    {
      inPeriodToDate,
      equals: () => `(${d}) = ${value(0)}`,
      notEquals: () => `((${d}) != ${value(0)} OR (${d}) IS NULL)`,
      greaterThan: () => `(${d}) > ${value(0)}`,
      greaterThanOrEqual: () => `(${d}) >= ${value(0)}`,
      lessThan: () => `(${d}) < ${value(0)}`,
      lessThanOrEqual: () => `(${d}) <= ${value(0)}`,
      inBetween: () => `((${d}) >= ${value(0)} AND (${d}) <= ${value(1)})`,
      notInBetween: () => `((${d}) < ${value(0)} OR (${d}) > ${value(1)})`,
      inThePast,
      notInThePast: () => `NOT ${inThePast()}`,
      inTheNext,
      inTheCurrent,
      notInTheCurrent: () => `(NOT ${inTheCurrent()})`,
    },
    operator,
    'dates',
    at,
  );
}

function unitOf(rule: RenderableRule, at: RuleLocation): UnitOfTime {
  const unit = rule.settings?.unitOfTime;
  if (unit === undefined) return 'days';
  if (isUnitOfTime(unit)) return unit;
  throw badFilterError(`${ruleName(at.ruleId, at.fieldId)}: unknown unit of time ${JSON.stringify(unit)}`, {
    ...ruleData(at.ruleId, at.fieldId),
    unitOfTime: unit,
  });
}
