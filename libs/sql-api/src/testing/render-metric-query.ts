import type { FilterGroup, FilterGroupItem, FilterRule, MetricQuery, Sort } from '@quarry/domain';

import type { SqlCatalogColumn, SqlCatalogTable, SqlParameterValue } from '../lib/sql-plan';

/** A MetricQuery said in SQL, and the part of it the SQL says (`expected`): what its translation and its rows must match. */
export interface RenderedSql {
  sql: string;
  /** Values of $1..$n when rendered with parameters. */
  parameters: SqlParameterValue[];
  /** The query without the constructs SQL cannot say (listed in `skipped`), as runQuery would take it. */
  expected: MetricQuery;
  skipped: string[];
}

export interface RenderOptions {
  /** Values as $n parameters instead of literals. */
  parameters?: boolean;
  /** Picks one of `count` ways of writing something (positions or names, MEASURE or SUM…); default: always the first. */
  choose?: (count: number) => number;
}

const RELATIVE_OPERATORS = new Set(['inThePast', 'notInThePast', 'inTheNext', 'inTheCurrent', 'notInTheCurrent', 'inPeriodToDate']);
const OWN_AGGREGATE: Record<string, (column: string) => string> = {
  sum: (column) => `SUM(${column})`,
  count: (column) => `COUNT(${column})`,
  count_distinct: (column) => `COUNT(DISTINCT ${column})`,
  min: (column) => `MIN(${column})`,
  max: (column) => `MAX(${column})`,
  average: (column) => `AVG(${column})`,
};

/**
 * Writes a MetricQuery as the SQL API's SQL, for tests (the translator's round trip, the server's
 * differential test against runQuery). Constructs SQL over one explore cannot say are left out of
 * `expected` and named in `skipped`: table calculations, custom metrics and dimensions, period over
 * period, relative-date filter operators (they read the compile-time clock), disabled rules.
 * Returns undefined when nothing selectable is left. Text filters are written case-sensitively
 * unless the rule says otherwise (the fixture's explores compare case-sensitively).
 */
export function renderMetricQueryAsSql(query: MetricQuery, table: SqlCatalogTable, options: RenderOptions = {}): RenderedSql | undefined {
  const choose = options.choose ?? (() => 0);
  const skipped: string[] = [];
  const columns = new Map(table.columns.map((column) => [column.name, column]));
  const known = (id: string): boolean => columns.has(id);
  if (query.tableCalculations.length > 0) skipped.push('table calculations');
  if ((query.additionalMetrics ?? []).length > 0) skipped.push('custom metrics');
  if ((query.customDimensions ?? []).length > 0) skipped.push('custom dimensions');
  if (query.periodOverPeriod) skipped.push('period over period');
  const dimensions = query.dimensions.filter(known);
  const metrics = query.metrics.filter(known);
  if (dimensions.length + metrics.length === 0) return undefined;
  const selected = new Set([...dimensions, ...metrics]);
  const sorts = query.sorts.filter((sort) => selected.has(sort.fieldId));
  const reduce = (group: FilterGroup | undefined): FilterGroup | undefined => {
    const reduced = group ? reducedItem(group, known, skipped) : true;
    if (reduced === true) return undefined;
    return 'and' in reduced || 'or' in reduced ? (reduced as FilterGroup) : { id: 'sql', and: [reduced] };
  };
  const dimensionFilters = reduce(query.filters.dimensions);
  const metricFilters = reduce(query.filters.metrics);
  if (query.filters.tableCalculations) skipped.push('table calculation filters');
  const expected: MetricQuery = {
    exploreName: query.exploreName,
    dimensions,
    metrics,
    filters: { ...(dimensionFilters ? { dimensions: dimensionFilters } : {}), ...(metricFilters ? { metrics: metricFilters } : {}) },
    sorts,
    limit: query.limit,
    tableCalculations: [],
    ...(query.timezone ? { timezone: query.timezone } : {}),
  };

  const parameters: SqlParameterValue[] = [];
  const writer = new SqlWriter(columns, parameters, options.parameters === true, choose);
  const selectList = [...dimensions.map((id) => writer.column(id)), ...metrics.map((id) => writer.metric(id))];
  const parts = [`SELECT ${selectList.join(', ')}`, `FROM ${choose(2) === 0 ? table.name : `public."${table.name}"`}`];
  if (dimensionFilters) parts.push(`WHERE ${writer.item(dimensionFilters)}`);
  if (metrics.length > 0 && dimensions.length > 0) {
    parts.push(`GROUP BY ${dimensions.map((id, index) => (choose(2) === 0 ? String(index + 1) : writer.column(id))).join(', ')}`);
  }
  if (metricFilters) parts.push(`HAVING ${writer.item(metricFilters)}`);
  if (sorts.length > 0) parts.push(`ORDER BY ${sorts.map((sort) => writer.sort(sort, [...dimensions, ...metrics])).join(', ')}`);
  parts.push(`LIMIT ${writer.value(query.limit, 'int8')}`);
  return { sql: parts.join(' '), parameters, expected, skipped };
}

/** The item without what SQL cannot say; `true` where nothing is left to filter (a disabled rule renders 1=1). */
function reducedItem(item: FilterGroupItem, known: (id: string) => boolean, skipped: string[]): FilterGroupItem | true {
  if ('and' in item || 'or' in item) {
    const conjunction = 'and' in item;
    const items = (conjunction ? item.and : item.or).map((child) => reducedItem(child, known, skipped));
    if (items.length === 0) return true;
    if (conjunction) {
      const kept = items.filter((child): child is FilterGroupItem => child !== true);
      return kept.length === 0 ? true : { id: item.id, and: kept };
    }
    return items.some((child) => child === true) ? true : { id: item.id, or: items as FilterGroupItem[] };
  }
  if (item.disabled) return skip(skipped, 'disabled rules');
  if (!known(item.target.fieldId)) return skip(skipped, 'filters on custom fields');
  if (RELATIVE_OPERATORS.has(item.operator)) return skip(skipped, `relative date operators (${item.operator})`);
  if (item.operator !== 'isNull' && item.operator !== 'notNull' && (item.values ?? []).length === 0) return skip(skipped, 'rules without values');
  const { required: _required, ...rule } = item;
  return rule;
}

function skip(skipped: string[], what: string): true {
  if (!skipped.includes(what)) skipped.push(what);
  return true;
}

class SqlWriter {
  constructor(
    private readonly columns: Map<string, SqlCatalogColumn>,
    private readonly parameters: SqlParameterValue[],
    private readonly asParameters: boolean,
    private readonly choose: (count: number) => number,
  ) {}

  column(id: string): string {
    return this.choose(2) === 0 ? id : `"${id}"`;
  }

  metric(id: string): string {
    const own = OWN_AGGREGATE[this.columns.get(id)?.metricType ?? ''];
    const way = this.choose(3);
    if (way === 1 && own) return own(this.column(id));
    if (way === 2) return this.column(id);
    return `MEASURE(${this.column(id)})`;
  }

  sort(sort: Sort, selected: string[]): string {
    const target = this.choose(2) === 0 ? String(selected.indexOf(sort.fieldId) + 1) : this.column(sort.fieldId);
    const nulls = sort.nullsFirst === undefined ? '' : sort.nullsFirst ? ' NULLS FIRST' : ' NULLS LAST';
    return `${target}${sort.descending ? ' DESC' : this.choose(2) === 0 ? '' : ' ASC'}${nulls}`;
  }

  item(item: FilterGroupItem): string {
    if ('and' in item) return `(${item.and.map((child) => this.item(child)).join(' AND ')})`;
    if ('or' in item) return `(${item.or.map((child) => this.item(child)).join(' OR ')})`;
    return this.rule(item);
  }

  value(value: unknown, type: string): string {
    if (this.asParameters) {
      this.parameters.push(value as SqlParameterValue);
      return `$${this.parameters.length}`;
    }
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    const quoted = `'${String(value).replace(/'/g, "''")}'`;
    if (type === 'date') return this.choose(2) === 0 ? `DATE ${quoted}` : `${quoted}::date`;
    if (type === 'timestamp' || type === 'timestamptz') return `TIMESTAMP ${quoted}`;
    return quoted;
  }

  private rule(rule: FilterRule): string {
    const column = this.columns.get(rule.target.fieldId) as SqlCatalogColumn;
    const c = column.kind === 'metric' ? `MEASURE(${this.column(column.name)})` : this.column(column.name);
    const values = rule.values ?? [];
    const v = (index: number): string => this.value(values[index], column.type);
    const list = (): string => values.map((value) => this.value(value, column.type)).join(', ');
    const orNull = (sql: string): string => `(${sql} OR ${c} IS NULL)`;
    const insensitive = column.type === 'text' && rule.caseSensitive === false;
    const like = (pattern: (text: string) => string, negate = false): string[] =>
      values.map((value) => `${c} ${negate ? 'NOT ' : ''}${insensitive ? 'ILIKE' : 'LIKE'} ${this.value(pattern(escapeLike(String(value))), 'text')}`);
    const any = (parts: string[]): string => (parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
    const isTime = column.type === 'date' || column.type === 'timestamp' || column.type === 'timestamptz';
    switch (rule.operator) {
      case 'isNull':
        return `${c} IS NULL`;
      case 'notNull':
        return `${c} IS NOT NULL`;
      case 'equals':
        if (insensitive) return any(like((text) => text));
        if (isTime || column.type === 'bool') return `${c} = ${v(0)}`;
        return values.length === 1 && this.choose(2) === 0 ? `${c} = ${v(0)}` : `${c} IN (${list()})`;
      case 'notEquals':
        if (insensitive) return orNull(`(${like((text) => text, true).join(' AND ')})`);
        if (isTime || column.type === 'bool') return `${c} IS DISTINCT FROM ${v(0)}`;
        return orNull(`${c} NOT IN (${list()})`);
      case 'include':
        return any(like((text) => `%${text}%`));
      case 'startsWith':
        return any(like((text) => `${text}%`));
      case 'endsWith':
        return any(like((text) => `%${text}`));
      case 'doesNotInclude':
        return orNull(`(${like((text) => `%${text}%`, true).join(' AND ')})`);
      case 'greaterThan':
        return `${c} > ${v(0)}`;
      case 'greaterThanOrEqual':
        return `${c} >= ${v(0)}`;
      case 'lessThan':
        return `${c} < ${v(0)}`;
      case 'lessThanOrEqual':
        return `${c} <= ${v(0)}`;
      case 'inBetween':
        return `${c} BETWEEN ${v(0)} AND ${v(1)}`;
      case 'notInBetween':
        return `${c} NOT BETWEEN ${v(0)} AND ${v(1)}`;
      default:
        throw new Error(`renderMetricQueryAsSql: ${rule.operator} has no SQL form`);
    }
  }
}

/** LIKE's wildcards and its escape (backslash, PostgreSQL's default) taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
