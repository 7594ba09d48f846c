import { dialectFor, type SqlDialect } from '@quarry/dialects';
import {
  type Dimension,
  type Explore,
  getFieldId,
  isWeekDay,
  type Metric,
  type PreAggregateDefinition,
  type TimeFrame,
  type WeekDay,
} from '@quarry/domain';
import { metricParts } from '@quarry/semantic';

import { replaceFieldReferences, splitReference } from '../references/field-references';
import type { AvailableRollup } from './pre-aggregate-types';
import { partColumnName, rollupColumns, timeColumnName } from './rollup-columns';
import { grainFrame, grainProblem } from './time-grains';

export type Support = { sql: string } | { problem: string };

/**
 * One built rollup seen from a query: which explore fields it can give exactly, and the DuckDB
 * sql that gives them from its columns (dimensions read their column; intervals of the time
 * dimension truncate the stored grain; metrics re-aggregate their parts).
 */
export class RollupView {
  readonly definition: PreAggregateDefinition;
  readonly timeBase: Dimension | undefined;
  private readonly storedDimensions: ReadonlySet<string>;
  private readonly storedParts: ReadonlySet<string>;
  private readonly duck: SqlDialect = dialectFor('duckdb');
  private readonly alias: string;
  private readonly metricSqlCache = new Map<string, Support>();

  constructor(
    readonly explore: Explore,
    readonly rollup: AvailableRollup,
  ) {
    this.definition = rollup.definition;
    const { dimensions, parts } = rollupColumns(explore, rollup.definition);
    this.storedDimensions = new Set(dimensions.filter((column) => column.kind === 'dimension').map((column) => column.name));
    this.storedParts = new Set(parts.map((part) => part.column.name));
    this.timeBase = rollup.definition.timeDimension ? dimensionById(explore, rollup.definition.timeDimension) : undefined;
    this.alias = this.duck.quoteTableAlias(explore.baseTable);
  }

  get name(): string {
    return this.definition.name;
  }

  column(name: string): string {
    return `${this.alias}.${this.duck.quoteIdentifier(name)}`;
  }

  /** Whether `dimension` is the time dimension or one of its intervals. */
  inTimeFamily(dimension: Dimension): boolean {
    const base = this.timeBase;
    return (
      base !== undefined &&
      dimension.table === base.table &&
      (dimension.name === base.name || dimension.timeIntervalBaseDimensionName === base.name)
    );
  }

  /** The time dimension itself or its RAW interval: the values the rollup truncated. */
  isRawTime(dimension: Dimension): boolean {
    return (
      this.inTimeFamily(dimension) &&
      (dimension.timeInterval === undefined || dimension.timeInterval === 'RAW') &&
      dimension.customTimeInterval === undefined
    );
  }

  dimension(dimension: Dimension): Support {
    const id = getFieldId(dimension);
    if (this.storedDimensions.has(id)) return { sql: this.column(id) };
    const base = this.timeBase;
    const grain = this.definition.granularity;
    const timeColumn = timeColumnName(this.definition);
    if (!base || !grain || !timeColumn || !this.inTimeFamily(dimension))
      return { problem: `dimension ${id} is not in pre-aggregate ${this.name}` };
    if (dimension.customTimeInterval !== undefined)
      return { problem: `dimension ${id} is a custom time granularity, which the rollup cannot compute` };
    const frame: TimeFrame = dimension.timeInterval ?? 'RAW';
    const baseType = base.type === 'date' ? 'date' : 'timestamp';
    const problem = grainProblem(frame, grain, baseType);
    if (problem) return { problem: `${id}: ${problem}` };
    const stored = this.column(timeColumn);
    if (frame === 'RAW' || frame === grainFrame(grain)) return { sql: stored };
    if (frame === 'WEEK') {
      const startOfWeek = weekStartOf(dimension, base, this.explore);
      if (startOfWeek === null) return { problem: `${id}: its week start is not one the rollup can reproduce` };
      return { sql: this.duck.timeFrameSql(frame, stored, { baseType, ...(startOfWeek === undefined ? {} : { startOfWeek }) }) };
    }
    return { sql: this.duck.timeFrameSql(frame, stored, { baseType }) };
  }

  /** The re-aggregation of a metric's stored parts, or why it cannot be computed. */
  metric(metric: Metric): Support {
    const id = getFieldId(metric);
    const cached = this.metricSqlCache.get(id);
    if (cached) return cached;
    const support = this.computeMetric(metric);
    this.metricSqlCache.set(id, support);
    return support;
  }

  private computeMetric(metric: Metric): Support {
    const id = getFieldId(metric);
    let parts;
    try {
      parts = metricParts(metric, this.explore);
    } catch (error) {
      return { problem: `metric ${id} cannot be rebuilt from stored parts: ${(error as Error).message}` };
    }
    const missing = parts.find((part) => !this.storedParts.has(partColumnName(part.metric, part.kind)));
    if (missing)
      return {
        problem:
          missing.metric === metric
            ? `metric ${id} is not in pre-aggregate ${this.name}`
            : `metric ${id} needs ${getFieldId(missing.metric)}, which is not in pre-aggregate ${this.name}`,
      };
    const part = (kind: 'sum' | 'count' | 'min' | 'max'): string => this.column(partColumnName(metric, kind));
    const reAggregated: Partial<Record<Metric['type'], () => string>> = {
      sum: () => `SUM(${part('sum')})`,
      // COUNT gives 0 (a BIGINT) over no rows, where SUM gives NULL.
      count: () => `CAST(COALESCE(SUM(${part('count')}), 0) AS BIGINT)`,
      min: () => `MIN(${part('min')})`,
      max: () => `MAX(${part('max')})`,
      average: () => `(${this.duck.castToFloat(`SUM(${part('sum')})`)} / NULLIF(SUM(${part('count')}), 0))`,
    };
    const sql = reAggregated[metric.type];
    return sql ? { sql: sql() } : this.expressionMetric(metric);
  }

  /** A number (string, date, boolean) metric: its sql with each referenced metric re-aggregated. */
  private expressionMetric(metric: Metric): Support {
    const id = getFieldId(metric);
    // Integer division truncates on PostgreSQL and friends but not in DuckDB: the same sql would differ.
    if (metric.sql.includes('/') && this.explore.targetDatabase !== 'duckdb') {
      return { problem: `metric ${id} divides in SQL, and integer division differs between the warehouse and the rollup's DuckDB` };
    }
    let problem: string | null = null;
    const sql = replaceFieldReferences(metric.sql, (reference) => {
      const target = splitReference(reference, metric.table);
      const referenced = target ? this.explore.tables[target.table]?.metrics[target.name] : undefined;
      const support = referenced ? this.metric(referenced) : { problem: `\${${reference}} in metric ${id} is not a metric` };
      if ('problem' in support) {
        problem ??= support.problem;
        return 'NULL';
      }
      return `(${support.sql})`;
    });
    return problem === null ? { sql } : { problem };
  }
}

export function dimensionById(explore: Explore, id: string): Dimension | undefined {
  for (const table of Object.values(explore.tables)) {
    for (const dimension of Object.values(table.dimensions)) if (getFieldId(dimension) === id) return dimension;
  }
  return undefined;
}

/**
 * The week start the explore's week interval was built with (undefined: the warehouse's own),
 * found by rebuilding its sql with each start; null when none gives the same sql.
 */
function weekStartOf(week: Dimension, base: Dimension, explore: Explore): WeekDay | undefined | null {
  const dialect = dialectFor(explore.targetDatabase);
  const baseType = base.type === 'date' ? 'date' : 'timestamp';
  if (dialect.timeFrameSql('WEEK', base.sql, { baseType }) === week.sql) return undefined;
  for (let day = 0; day < 7; day++) {
    if (isWeekDay(day) && dialect.timeFrameSql('WEEK', base.sql, { baseType, startOfWeek: day }) === week.sql) return day;
  }
  return null;
}
