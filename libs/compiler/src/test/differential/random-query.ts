import type {
  AdditionalMetric,
  CompileContext,
  CustomDimension,
  Dimension,
  Explore,
  FilterGroup,
  FilterGroupItem,
  FilterRule,
  MetricQuery,
  PeriodOverPeriodGranularity,
  Sort,
  TableCalculation,
  UnitOfTime,
} from '@quarry/domain';
import { getFieldId } from '@quarry/domain';
import type { SeededRandom } from '@quarry/testing';

import type { ValuePools } from './value-pools';

/** A generated query, the context it compiles in, and how its rows may be compared. */
export interface GeneratedCase {
  query: MetricQuery;
  context: CompileContext;
  /**
   * The ORDER BY fixes every row's place (user sorts, then every selected dimension): rows are
   * compared in order. Otherwise (the default sort, which keys on one field) only the sequence of
   * `orderKey` values is compared in order, and the rows as a multiset — with a limit above the
   * row count, so no tie is cut.
   */
  totalOrder: boolean;
  orderKey: string | null;
}

/** Explores of the jaffle fixture, weighted towards those with joins, metrics and time dimensions. */
const EXPLORES = [
  'orders',
  'orders',
  'payments',
  'payments',
  'events',
  'events',
  'customers',
  'stg_orders',
  'stg_payments',
  'stg_customers',
  'users',
];
const ZONES = [
  undefined,
  'UTC',
  'Asia/Tokyo',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Adelaide',
  'America/Sao_Paulo',
  'Pacific/Kiritimati',
];
const UNITS: UnitOfTime[] = ['days', 'weeks', 'months', 'quarters', 'years', 'hours'];
const POP_GRANULARITIES: PeriodOverPeriodGranularity[] = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'];
const AGGREGATES = ['sum', 'count', 'count_distinct', 'min', 'max', 'average', 'median', 'percentile'] as const;
const LIMITS = [1, 2, 5, 10, 50, 500];

type FilterableType = 'string' | 'number' | 'boolean' | 'date' | 'timestamp';

/** What the generator draws from, and how often it adds the features a rollup cannot serve. */
export interface GeneratorMix {
  explores: readonly string[];
  zones: ReadonlyArray<string | undefined>;
  customMetricChance: number;
  customDimensionChance: number;
  periodOverPeriodChance: number;
  dateZoomChance: number;
}

const DEFAULT_MIX: GeneratorMix = {
  explores: EXPLORES,
  zones: ZONES,
  customMetricChance: 0.35,
  customDimensionChance: 0.3,
  periodOverPeriodChance: 0.35,
  dateZoomChance: 0.15,
};

/**
 * Random *valid* metric queries over one jaffle explore: dimensions of every type and interval,
 * metrics, custom metrics (some with ids past PostgreSQL's 63-byte limit), bins and SQL custom
 * dimensions, nested AND/OR dimension filters with every operator of each type (relative dates
 * against a fixed `now`), metric and table-calculation filters, table calculations (SQL and
 * templates), period over period, date zoom, time zones, sorts with null placement, limits.
 * Custom SQL is portable (no integer division, no engine-specific functions): a query whose own
 * SQL means different things on two engines says nothing about Quarry.
 */
export class RandomQueryGenerator {
  constructor(
    private readonly random: SeededRandom,
    private readonly explores: readonly Explore[],
    private readonly pools: ValuePools,
    private readonly mix: GeneratorMix = DEFAULT_MIX,
  ) {}

  next(): GeneratedCase {
    const r = this.random;
    const name = r.pick(this.mix.explores);
    const explore = this.explores.find((candidate) => candidate.name === name) as Explore;
    const dimensions = Object.values(explore.tables)
      .flatMap((table) => Object.values(table.dimensions))
      .filter((d) => !d.hidden);
    const metrics = Object.values(explore.tables)
      .flatMap((table) => Object.values(table.metrics))
      .filter((m) => !m.hidden);
    const selectedDimensions = r.some(dimensions, r.int(metrics.length === 0 ? 1 : 0, 3));
    const additionalMetrics = r.chance(this.mix.customMetricChance) ? this.additionalMetrics(explore, dimensions) : [];
    const selectedMetrics = [...r.some(metrics, r.int(0, 3)).map(getFieldId), ...additionalMetrics.map((m) => `${m.table}_${m.name}`)];
    const customDimensions = r.chance(this.mix.customDimensionChance) ? this.customDimensions(dimensions) : [];
    const dimensionIds = [...selectedDimensions.map(getFieldId), ...customDimensions.map((c) => c.id)];
    if (dimensionIds.length === 0 && selectedMetrics.length === 0) dimensionIds.push(getFieldId(r.pick(dimensions)));

    const totalOrder = r.chance(0.75);
    const metricIds = selectedMetrics;
    // Date-valued metrics (MIN/MAX of dates) take no arithmetic.
    const numericMetrics = metricIds.filter((id) => !/date_of/.test(id));
    const tableCalculations = numericMetrics.length > 0 && r.chance(0.4) ? this.tableCalculations(numericMetrics, totalOrder) : [];
    const filters: MetricQuery['filters'] = {};
    if (r.chance(0.7)) filters.dimensions = this.group(dimensions, 0);
    if (numericMetrics.length > 0 && r.chance(0.2))
      filters.metrics = { id: 'm', and: [this.numberRule(r.pick(numericMetrics), [0, 1, 5, 10, 50, 100, 1000])] };
    const numericCalculations = tableCalculations.filter((c) => c.type === 'number');
    if (numericCalculations.length > 0 && r.chance(0.3))
      filters.tableCalculations = { id: 't', and: [this.numberRule(r.pick(numericCalculations).name, [0, 1, 2, 10, 100])] };

    const timeDimension = selectedDimensions.find(
      (d) => d.type === 'date' && ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'].includes(d.timeInterval ?? ''),
    );
    const periodOverPeriod =
      timeDimension && metricIds.length > 0 && r.chance(this.mix.periodOverPeriodChance)
        ? {
            type: 'previousPeriod' as const,
            field: { table: timeDimension.table, name: timeDimension.name },
            granularity: r.pick(POP_GRANULARITIES),
            periodOffset: r.int(1, 3),
          }
        : undefined;

    const sortable = [...dimensionIds, ...metricIds, ...tableCalculations.map((c) => c.name)];
    const sorts: Sort[] = [];
    if (totalOrder) {
      for (const fieldId of r.some(sortable, r.int(0, 2))) sorts.push(this.sort(fieldId));
      // Every selected dimension after the chosen sorts: grouped rows are unique by their dimensions.
      for (const fieldId of dimensionIds) if (!sorts.some((sort) => sort.fieldId === fieldId)) sorts.push(this.sort(fieldId, false));
    }
    const timezone = r.pick(this.mix.zones);
    const query: MetricQuery = {
      exploreName: explore.name,
      dimensions: dimensionIds,
      metrics: metricIds,
      filters,
      sorts,
      limit: totalOrder ? r.pick(LIMITS) : 5000,
      tableCalculations,
      ...(additionalMetrics.length > 0 ? { additionalMetrics } : {}),
      ...(customDimensions.length > 0 ? { customDimensions } : {}),
      ...(timezone ? { timezone } : {}),
      ...(periodOverPeriod ? { periodOverPeriod } : {}),
    };
    const zoomable = selectedDimensions.some((d) => d.type === 'date' || d.type === 'timestamp');
    const context: CompileContext = {
      now: this.now(explore),
      userAttributes: { customer_id: String(r.int(1, 100)) },
      ...(timezone ? { timezone } : {}),
      ...(zoomable && r.chance(this.mix.dateZoomChance)
        ? { dateZoom: { granularity: r.pick(['Day', 'Week', 'Month', 'Quarter', 'Year', 'Hour'] as const) } }
        : {}),
    };
    return { query, context, totalOrder, orderKey: totalOrder ? null : defaultSortKey(query, explore, customDimensions) };
  }

  private sort(fieldId: string, randomDirection = true): Sort {
    const r = this.random;
    const nullsFirst = r.pick([undefined, undefined, true, false]);
    return { fieldId, descending: randomDirection ? r.chance(0.5) : false, ...(nullsFirst === undefined ? {} : { nullsFirst }) };
  }

  /** A fixed `now` inside the data of the explore (orders 2018, events 2020), so relative filters keep rows. */
  private now(explore: Explore): Date {
    const r = this.random;
    const moments =
      explore.name === 'events'
        ? ['2020-07-02T10:15:00Z', '2020-07-04T23:30:00Z', '2020-07-06T04:00:00Z']
        : ['2018-02-14T12:00:00Z', '2018-03-31T22:00:00Z', '2018-01-01T01:30:00Z', '2018-04-09T09:00:00Z'];
    return new Date(r.pick(moments));
  }

  private additionalMetrics(explore: Explore, dimensions: readonly Dimension[]): AdditionalMetric[] {
    const r = this.random;
    const numbers = dimensions.filter((d) => d.type === 'number' && !d.timeIntervalBaseDimensionName);
    if (numbers.length === 0) return [];
    // Two ids sharing their first 70 characters: PostgreSQL would cut both to one 63-byte name.
    const longPrefix = `custom_metric_with_a_name_far_longer_than_sixty_three_bytes_${'x'.repeat(10)}`;
    return Array.from({ length: r.int(1, 2) }, (_unused, index) => {
      const base = r.pick(numbers);
      const type = r.pick(AGGREGATES);
      const strings = Object.values(explore.tables[base.table]?.dimensions ?? {}).filter((d) => d.type === 'string' && !d.hidden);
      const filterOn = strings.length > 0 && r.chance(0.3) ? r.pick(strings) : undefined;
      const filterValues = filterOn ? this.pools.values(getFieldId(filterOn)) : [];
      return {
        name: r.chance(0.5) ? `${longPrefix}_${index}` : `custom_${type}_${index}`,
        table: base.table,
        type,
        sql: base.sql,
        label: `Custom ${type} ${index}`,
        baseDimensionName: base.name,
        ...(type === 'percentile' ? { percentile: r.pick([10, 25, 75, 90]) } : {}),
        ...(filterOn && filterValues.length > 0
          ? {
              filters: [
                { id: `amf${index}`, target: { fieldRef: filterOn.name }, operator: 'equals' as const, values: [r.pick(filterValues)] },
              ],
            }
          : {}),
      };
    });
  }

  private customDimensions(dimensions: readonly Dimension[]): CustomDimension[] {
    const r = this.random;
    const numbers = dimensions.filter((d) => d.type === 'number' && !d.timeIntervalBaseDimensionName);
    const strings = dimensions.filter((d) => d.type === 'string' && !d.timeIntervalBaseDimensionName);
    const made: CustomDimension[] = [];
    if (numbers.length > 0 && r.chance(0.6)) {
      const base = r.pick(numbers);
      const binType = r.pick(['fixed_width', 'fixed_number', 'custom_range'] as const);
      made.push({
        id: 'bin_dimension',
        name: 'bin_dimension',
        table: base.table,
        type: 'bin',
        dimensionId: getFieldId(base),
        binType,
        ...(binType === 'fixed_width' ? { binWidth: r.pick([1, 5, 10, 25]) } : {}),
        ...(binType === 'fixed_number' ? { binNumber: r.int(2, 5) } : {}),
        ...(binType === 'custom_range' ? { customRange: [{ to: 10 }, { from: 10, to: 30 }, { from: 30 }] } : {}),
      });
    }
    if (r.chance(0.6)) {
      const options: Array<() => CustomDimension | undefined> = [
        () => {
          if (numbers.length === 0) return undefined;
          const base = r.pick(numbers);
          return {
            id: 'sql_number',
            name: 'sql_number',
            table: base.table,
            type: 'sql',
            dimensionType: 'number',
            sql: `\${${base.table}.${base.name}} - 1`,
          };
        },
        () => {
          if (strings.length === 0) return undefined;
          const base = r.pick(strings);
          return {
            id: 'sql_string',
            name: 'sql_string',
            table: base.table,
            type: 'sql',
            dimensionType: 'string',
            sql: `UPPER(\${${base.table}.${base.name}})`,
          };
        },
        () => {
          if (numbers.length === 0) return undefined;
          const base = r.pick(numbers);
          return {
            id: 'sql_boolean',
            name: 'sql_boolean',
            table: base.table,
            type: 'sql',
            dimensionType: 'boolean',
            sql: `\${${base.table}.${base.name}} > 10`,
          };
        },
      ];
      const made2 = r.pick(options)();
      if (made2) made.push(made2);
    }
    return made;
  }

  private tableCalculations(metricIds: readonly string[], totalOrder: boolean): TableCalculation[] {
    const r = this.random;
    const ref = (id: string): string => `\${${id.replace('_', '.')}}`;
    const calculations: TableCalculation[] = [];
    for (let index = 0; index < r.int(1, 2); index++) {
      const metric = r.pick(metricIds);
      const name = `calc_${index}`;
      // Order-dependent windows only when the order is total: otherwise ties make them engine-dependent.
      const templates = totalOrder
        ? ([
            'percent_of_column_total',
            'rank_in_column',
            'running_total',
            'percent_change_from_previous',
            'percent_of_previous_value',
          ] as const)
        : (['percent_of_column_total', 'rank_in_column'] as const);
      const kind = r.int(0, 3);
      if (kind === 0) calculations.push({ name, displayName: name, type: 'number', sql: `${ref(metric)} * 2` });
      else if (kind === 1)
        calculations.push({ name, displayName: name, type: 'number', sql: `${ref(metric)} + ${ref(r.pick(metricIds))}` });
      else if (kind === 2)
        calculations.push({ name, displayName: name, type: 'string', sql: `CASE WHEN ${ref(metric)} > 10 THEN 'high' ELSE 'low' END` });
      else
        calculations.push({
          name,
          displayName: name,
          type: 'number',
          format: { type: 'number', round: 2 },
          template: { type: r.pick(templates), fieldId: metric },
        });
    }
    return calculations;
  }

  /** A nested AND/OR group of rules over any visible dimension (selected or not). */
  private group(dimensions: readonly Dimension[], depth: number): FilterGroup {
    const r = this.random;
    const items: FilterGroupItem[] = Array.from({ length: r.int(1, 3) }, () =>
      depth < 2 && r.chance(0.25) ? this.group(dimensions, depth + 1) : this.dimensionRule(r.pick(dimensions)),
    );
    return r.chance(0.6) ? { id: `g${depth}`, and: items } : { id: `g${depth}`, or: items };
  }

  private dimensionRule(dimension: Dimension): FilterRule {
    const r = this.random;
    const fieldId = getFieldId(dimension);
    const poolId = dimension.timeIntervalBaseDimensionName ? `${dimension.table}_${dimension.timeIntervalBaseDimensionName}` : fieldId;
    const values = this.pools.values(poolId);
    const type = dimension.type as FilterableType;
    let rule: FilterRule;
    if (r.chance(0.08)) rule = { id: 'r', target: { fieldId }, operator: r.pick(['isNull', 'notNull'] as const) };
    else if (type === 'string') rule = this.stringRule(fieldId, values as string[]);
    else if (type === 'number') rule = this.numberRule(fieldId, values as number[]);
    else if (type === 'boolean')
      rule = { id: 'r', target: { fieldId }, operator: r.pick(['equals', 'notEquals'] as const), values: [r.chance(0.5)] };
    else rule = this.timeRule(fieldId, type, values as string[]);
    return r.chance(0.05) ? { ...rule, disabled: true } : rule;
  }

  private stringRule(fieldId: string, values: readonly string[]): FilterRule {
    const r = this.random;
    const sample = values.length > 0 ? r.pick(values) : 'a';
    const caseSensitive = r.pick([undefined, true, false]);
    const cased = (text: string): string => (caseSensitive === false && r.chance(0.5) ? text.toUpperCase() : text);
    const start = r.int(0, Math.max(0, sample.length - 1));
    const part = sample.slice(start, start + r.int(1, 3));
    // LIKE wildcards match literally: `_` and `%` must not act as patterns.
    const wildcard = r.chance(0.1) ? r.pick(['_', '%', `${sample.slice(0, 1)}_`]) : undefined;
    const operator = r.pick(['equals', 'notEquals', 'startsWith', 'endsWith', 'include', 'doesNotInclude'] as const);
    const ruleValues =
      operator === 'equals' || operator === 'notEquals'
        ? r.some(values.length > 0 ? values : ['a'], r.int(1, 2)).map(cased)
        : [
            cased(
              wildcard ??
                (operator === 'startsWith' ? sample.slice(0, r.int(1, 3)) : operator === 'endsWith' ? sample.slice(-r.int(1, 3)) : part),
            ),
          ];
    return { id: 'r', target: { fieldId }, operator, values: ruleValues, ...(caseSensitive === undefined ? {} : { caseSensitive }) };
  }

  private numberRule(fieldId: string, values: readonly number[]): FilterRule {
    const r = this.random;
    const pool = values.length > 0 ? values : [0, 1, 10];
    const operator = r.pick([
      'equals',
      'notEquals',
      'greaterThan',
      'greaterThanOrEqual',
      'lessThan',
      'lessThanOrEqual',
      'inBetween',
      'notInBetween',
    ] as const);
    if (operator === 'inBetween' || operator === 'notInBetween') {
      const [a, b] = [r.pick(pool), r.pick(pool)];
      return { id: 'r', target: { fieldId }, operator, values: [Math.min(a, b), Math.max(a, b)] };
    }
    if (operator === 'equals' || operator === 'notEquals')
      return { id: 'r', target: { fieldId }, operator, values: r.some(pool, r.int(1, 3)) };
    return { id: 'r', target: { fieldId }, operator, values: [r.pick(pool)] };
  }

  private timeRule(fieldId: string, type: 'date' | 'timestamp', values: readonly string[]): FilterRule {
    const r = this.random;
    const pool = values.length > 0 ? values : ['2018-01-15'];
    const operator = r.pick([
      'equals',
      'notEquals',
      'greaterThan',
      'greaterThanOrEqual',
      'lessThan',
      'lessThanOrEqual',
      'inBetween',
      'notInBetween',
      'inThePast',
      'notInThePast',
      'inTheNext',
      'inTheCurrent',
      'notInTheCurrent',
      'inPeriodToDate',
    ] as const);
    const target = { fieldId };
    switch (operator) {
      case 'inThePast':
      case 'notInThePast':
      case 'inTheNext':
        return { id: 'r', target, operator, values: [r.int(1, 30)], settings: { unitOfTime: r.pick(UNITS), completed: r.chance(0.5) } };
      case 'inTheCurrent':
      case 'notInTheCurrent':
        return { id: 'r', target, operator, values: [1], settings: { unitOfTime: r.pick(UNITS), completed: false } };
      case 'inPeriodToDate':
        return { id: 'r', target, operator, values: [], settings: { unitOfTime: r.pick(['years', 'months'] as const) } };
      case 'inBetween':
      case 'notInBetween': {
        const [a, b] = [r.pick(pool), r.pick(pool)].sort();
        return { id: 'r', target, operator, values: [a, b] };
      }
      case 'equals':
      case 'notEquals':
      case 'greaterThan':
      case 'greaterThanOrEqual':
      case 'lessThan':
      case 'lessThanOrEqual':
        return { id: 'r', target, operator, values: [type === 'date' ? r.pick(pool).slice(0, 10) : r.pick(pool)] };
    }
  }
}

/** The compiler's default sort (semantics.md §5): first time dimension, else first metric, else first dimension. */
function defaultSortKey(query: MetricQuery, explore: Explore, custom: readonly CustomDimension[]): string | null {
  const typeOf = (id: string): string | undefined => {
    const own = Object.values(explore.tables)
      .flatMap((table) => Object.values(table.dimensions))
      .find((d) => getFieldId(d) === id);
    if (own) return own.type;
    const made = custom.find((c) => c.id === id);
    return made?.type === 'sql' ? made.dimensionType : undefined;
  };
  const dimensions = query.dimensions.filter((id) => !custom.some((c) => c.id === id && c.type === 'bin'));
  if (dimensions.length === 0) return null;
  const time = dimensions.find((id) => typeOf(id) === 'date' || typeOf(id) === 'timestamp');
  return time ?? query.metrics[0] ?? (dimensions[0] as string);
}
