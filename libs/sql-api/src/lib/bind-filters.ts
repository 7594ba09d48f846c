import type { FilterGroupItem, FilterOperator, FilterRule } from '@quarry/domain';

import { likePattern } from './like-pattern';
import { SqlApiError, type SqlCatalogColumn, type SqlParameterValue } from './sql-plan';
import { type BindContext, bindValue, booleanOf, type ValueExpr } from './sql-values';
import type { Predicate } from './where-predicates';

type Value = string | number | boolean;

/**
 * Builds filter items from a predicate under SQL's three-valued logic: WHERE keeps the rows whose
 * condition is TRUE. `whenTrue(p)` holds exactly where p is TRUE, `whenFalse(p)` where p is FALSE, so
 * NOT swaps them and NULLs stay out of both, as in PostgreSQL. Filter groups only AND and OR their
 * items, which keeps each item's "TRUE exactly when" meaning. Quarry's negative operators (notEquals,
 * doesNotInclude) keep NULLs, so a SQL `<>` also says `IS NOT NULL`.
 */
export class FilterBuilder {
  private count = 0;

  constructor(private readonly context: BindContext) {}

  build(predicate: Predicate, holds: boolean): FilterGroupItem {
    switch (predicate.kind) {
      case 'and':
      case 'or': {
        // NOT (a AND b) = NOT a OR NOT b: De Morgan, with each side's FALSE.
        const conjunction = (predicate.kind === 'and') === holds;
        const items = predicate.items.map((item) => this.build(item, holds));
        return conjunction ? { id: this.id(), and: items } : { id: this.id(), or: items };
      }
      case 'not':
        return this.build(predicate.item, !holds);
      case 'null':
        return this.rule(predicate.column, holds ? 'isNull' : 'notNull');
      case 'isTrue':
        return this.rule(predicate.column, holds ? 'equals' : 'notEquals', [predicate.value]);
      case 'distinct': {
        const value = this.value(predicate.value, predicate.column);
        // IS DISTINCT FROM is two-valued: its negation is IS NOT DISTINCT FROM.
        if (value === null) return this.rule(predicate.column, holds ? 'notNull' : 'isNull');
        return this.rule(predicate.column, holds ? 'notEquals' : 'equals', [value]);
      }
      case 'compare':
        return this.compare(predicate.column, predicate.operator, this.value(predicate.value, predicate.column), holds);
      case 'in':
        return this.inList(predicate.column, predicate.values.map((value) => this.value(value, predicate.column)), holds);
      case 'like':
        return this.like(predicate, holds);
      case 'between':
        return this.between(predicate, holds);
    }
  }

  private compare(column: SqlCatalogColumn, operator: string, value: Value | null, holds: boolean): FilterGroupItem {
    if (value === null) return this.never(column);
    const effective = holds ? operator : NEGATED[operator];
    switch (effective) {
      case '=':
        return this.rule(column, 'equals', [value]);
      case '<>':
        return this.and([this.rule(column, 'notEquals', [value]), this.rule(column, 'notNull')]);
      default:
        return this.rule(column, ORDERED[effective as string] as FilterOperator, [value]);
    }
  }

  private inList(column: SqlCatalogColumn, values: Array<Value | null>, holds: boolean): FilterGroupItem {
    const known = values.filter((value): value is Value => value !== null);
    if (holds) {
      if (known.length === 0) return this.never(column);
      // Dates and booleans take one value per rule.
      if (column.type === 'text' || isNumeric(column)) return this.rule(column, 'equals', known);
      return this.or(known.map((value) => this.rule(column, 'equals', [value])));
    }
    // x NOT IN (…, NULL) is never TRUE.
    if (known.length < values.length || known.length === 0) return this.never(column);
    const differs = column.type === 'text' || isNumeric(column) ? [this.rule(column, 'notEquals', known)] : known.map((value) => this.rule(column, 'notEquals', [value]));
    return this.and([...differs, this.rule(column, 'notNull')]);
  }

  private like(predicate: Extract<Predicate, { kind: 'like' }>, holds: boolean): FilterGroupItem {
    const { column } = predicate;
    const pattern = this.value(predicate.pattern, column);
    const escape = predicate.escape ? this.value(predicate.escape, column) : '\\';
    if (pattern === null || escape === null) return this.never(column);
    const shape = likePattern(String(pattern), String(escape));
    const cased = { caseSensitive: !predicate.insensitive };
    if (shape.kind === 'any') return holds ? this.rule(column, 'notNull') : this.never(column);
    if (holds) return this.rule(column, shape.kind, [shape.text], cased);
    if (shape.kind === 'equals') return this.and([this.rule(column, 'notEquals', [shape.text], cased), this.rule(column, 'notNull')]);
    if (shape.kind === 'include') return this.and([this.rule(column, 'doesNotInclude', [shape.text], cased), this.rule(column, 'notNull')]);
    throw new SqlApiError('0A000', `NOT ${predicate.insensitive ? 'ILIKE' : 'LIKE'} '${String(pattern)}' on ${column.name} cannot be expressed as a Quarry filter (no "does not start/end with")`);
  }

  private between(predicate: Extract<Predicate, { kind: 'between' }>, holds: boolean): FilterGroupItem {
    const { column } = predicate;
    let low = this.value(predicate.low, column);
    let high = this.value(predicate.high, column);
    if (predicate.symmetric && low !== null && high !== null && compareValues(low, high) > 0) [low, high] = [high, low];
    if (holds) return low === null || high === null ? this.never(column) : this.rule(column, 'inBetween', [low, high]);
    // NOT BETWEEN a AND b is x < a OR x > b: a NULL bound leaves the other side.
    if (low !== null && high !== null) return this.rule(column, 'notInBetween', [low, high]);
    if (low !== null) return this.rule(column, 'lessThan', [low]);
    if (high !== null) return this.rule(column, 'greaterThan', [high]);
    return this.never(column);
  }

  /** A condition no row meets (a comparison with NULL): IS NULL AND IS NOT NULL. */
  private never(column: SqlCatalogColumn): FilterGroupItem {
    return this.and([this.rule(column, 'isNull'), this.rule(column, 'notNull')]);
  }

  private and(items: FilterGroupItem[]): FilterGroupItem {
    return items.length === 1 ? (items[0] as FilterGroupItem) : { id: this.id(), and: items };
  }

  private or(items: FilterGroupItem[]): FilterGroupItem {
    return items.length === 1 ? (items[0] as FilterGroupItem) : { id: this.id(), or: items };
  }

  private rule(column: SqlCatalogColumn, operator: FilterOperator, values?: Value[], extra: Partial<FilterRule> = {}): FilterRule {
    // SQL compares text case-sensitively, whatever the explore's default.
    const caseSensitive = column.type === 'text' && column.kind === 'dimension' && values !== undefined ? { caseSensitive: true } : {};
    return { id: this.id(), target: { fieldId: column.name }, operator, ...(values ? { values } : {}), ...caseSensitive, ...extra };
  }

  private id(): string {
    this.count += 1;
    return `sql_${this.count}`;
  }

  /** A bound value, checked against the column's type as PostgreSQL would coerce it. */
  private value(expr: ValueExpr, column: SqlCatalogColumn): Value | null {
    const raw: SqlParameterValue = bindValue(expr, this.context, column.type);
    if (raw === null) return null;
    switch (column.type) {
      case 'text':
        if (typeof raw !== 'string' && expr.kind === 'const') throw new SqlApiError('42883', `operator does not exist: text = ${typeof raw === 'number' ? 'integer' : 'boolean'} (${column.name})`);
        return String(raw);
      case 'bool':
        return booleanOf(raw);
      case 'date':
      case 'timestamp':
      case 'timestamptz':
        return timeText(raw, column, expr.kind === 'const' && (expr.cast === 'timestamp' || expr.cast === 'timestamptz'));
      default: {
        const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
        if (!Number.isFinite(number)) throw new SqlApiError('22P02', `invalid input syntax for type ${column.type}: "${String(raw)}" (${column.name})`);
        return number;
      }
    }
  }
}

const NEGATED: Record<string, string> = { '=': '<>', '<>': '=', '<': '>=', '<=': '>', '>': '<=', '>=': '<' };
const ORDERED: Record<string, FilterOperator> = { '<': 'lessThan', '<=': 'lessThanOrEqual', '>': 'greaterThan', '>=': 'greaterThanOrEqual' };

function isNumeric(column: SqlCatalogColumn): boolean {
  return column.type === 'float8' || column.type === 'numeric' || column.type === 'int8';
}

/**
 * A date or timestamp value. Text read as a date keeps its day, as PostgreSQL's date input does
 * ('2018-01-01 10:00' → 2018-01-01); a typed timestamp compared with a date column would compare
 * instants instead, which only a midnight says as a date.
 */
function timeText(raw: SqlParameterValue, column: SqlCatalogColumn, typedTimestamp: boolean): string {
  const text = String(raw);
  if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/.test(text.trim())) {
    throw new SqlApiError('22007', `invalid input syntax for type ${column.type}: "${text}" (${column.name})`);
  }
  if (column.type === 'date' && typedTimestamp && text.length > 10 && !/[ T]00:00(:00(\.0+)?)?$/.test(text.trim())) {
    throw new SqlApiError('0A000', `comparing the date ${column.name} with a time of day (${text}) is not supported`);
  }
  return column.type === 'date' ? text.slice(0, 10) : text.trim();
}

function compareValues(a: Value, b: Value): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
