import type { SqlDialect } from '@quarry/dialects';
import { type Dimension, fieldId, type Metric, PERIOD_OVER_PERIOD_GRANULARITIES, type PeriodOverPeriod } from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';
import type { QueryDimension, QueryMetric } from '../fields/query-field';
import type { GroupColumn } from './distinct-metrics';

/** A metric's value `periodOffset` periods earlier: a hidden metric of the result. */
export interface PopMetric {
  id: string;
  base: QueryMetric;
  item: Metric & {
    generationType: 'periodOverPeriod';
    baseMetricId: string;
    timeDimensionId: string;
    granularity: string;
    periodOffset: number;
  };
}

/** Checks the request and names the comparison metrics (semantics.md §5, period over period). */
export function popMetrics(
  pop: PeriodOverPeriod,
  dimensions: readonly QueryDimension[],
  metrics: readonly QueryMetric[],
): { timeDimension: QueryDimension; metrics: PopMetric[] } {
  const timeDimensionId =
    typeof pop.field?.table === 'string' && typeof pop.field?.name === 'string' ? fieldId(pop.field.table, pop.field.name) : undefined;
  const timeDimension = dimensions.find((dimension) => dimension.id === timeDimensionId);
  if (!timeDimension || (timeDimension.type !== 'date' && timeDimension.type !== 'timestamp')) {
    throw badQueryError(
      `Period over period compares on "${String(timeDimensionId)}", which must be a selected date or timestamp dimension`,
      { periodOverPeriodField: timeDimensionId },
    );
  }
  if (!(PERIOD_OVER_PERIOD_GRANULARITIES as readonly string[]).includes(pop.granularity)) {
    throw badQueryError(
      `Period over period granularity ${JSON.stringify(pop.granularity)} is not one of ${PERIOD_OVER_PERIOD_GRANULARITIES.join(', ')}`,
      { granularity: pop.granularity },
    );
  }
  if (!Number.isInteger(pop.periodOffset) || pop.periodOffset < 1)
    throw badQueryError(`Period over period offset must be a positive whole number, got ${JSON.stringify(pop.periodOffset)}`, {
      periodOffset: pop.periodOffset,
    });
  const unit = pop.granularity.toLowerCase();
  const label = pop.periodOffset === 1 ? `(Previous ${unit})` : `(${pop.periodOffset} ${unit}s ago)`;
  return {
    timeDimension,
    metrics: metrics.map((base) => {
      const name = `${base.item.name}__pop__${unit}_${pop.periodOffset}__${shortHash(timeDimension.id)}`;
      return {
        id: fieldId(base.item.table, name),
        base,
        item: {
          ...base.item,
          name,
          label: `${base.item.label} ${label}`,
          hidden: true,
          generationType: 'periodOverPeriod',
          baseMetricId: base.id,
          timeDimensionId: timeDimension.id,
          granularity: pop.granularity,
          periodOffset: pop.periodOffset,
        },
      };
    }),
  };
}

/** Is this dimension the compared time dimension at any grain (its filters do not apply to the previous period)? */
export function sameTimeDimension(candidate: Dimension | undefined, timeDimension: QueryDimension): boolean {
  if (!candidate || !('fieldType' in timeDimension.item)) return false;
  const base = (dimension: Dimension): string => `${dimension.table}.${dimension.timeIntervalBaseDimensionName ?? dimension.name}`;
  return base(candidate) === base(timeDimension.item);
}

export interface PopCtesInput {
  dialect: SqlDialect;
  pop: PeriodOverPeriod;
  timeDimension: QueryDimension;
  metrics: readonly PopMetric[];
  groupColumns: readonly GroupColumn[];
  fromSql: string;
  /** WHERE conditions of the previous period: the base ones without the time dimension's filters. */
  whereParts: readonly string[];
}

/**
 * `pop_min_max` (the period the base query covers), `pop_metrics` (the same aggregate, shifted
 * back by the offset and limited to the shifted period) and the `metrics` stage joining them on
 * the time dimension moved back by the offset and the other dimensions, nulls matching.
 *
 * The base row's time is moved back, not the earlier row's forward (as the reference does): moving
 * forward by months clamps month ends (Jan 28–31 + 1 month are all Feb 28), so one base row would
 * join several earlier rows and be repeated. Moved back, each base row has one earlier period
 * (Mar 31 − 1 month is Feb 28), the same on every engine.
 */
export function popCtes(input: PopCtesInput): { ctes: string[]; metricsSql: string } {
  const { dialect, pop, timeDimension } = input;
  const q = (name: string): string => dialect.quoteColumn(name);
  const suffix = `${pop.granularity.toLowerCase()}_${pop.periodOffset}`;
  const minMax = `pop_min_max_${suffix}`;
  const popName = `pop_metrics_${suffix}`;
  const t = q(timeDimension.id);
  const shift = (sql: string): string => dialect.subtractInterval(sql, pop.periodOffset, pop.granularity);
  const where = [
    ...input.whereParts,
    `${timeDimension.selectSql} >= ${shift(`${q(minMax)}.${q('min_date')}`)}`,
    `${timeDimension.selectSql} <= ${shift(`${q(minMax)}.${q('max_date')}`)}`,
  ];
  const popSql = [
    'SELECT',
    [
      ...input.groupColumns.map((column) => `  ${column.sql} AS ${q(column.alias)}`),
      ...input.metrics.map((metric) => `  ${metric.base.sql} AS ${q(metric.id)}`),
    ].join(',\n'),
    input.fromSql,
    `LEFT OUTER JOIN ${q(minMax)} ON TRUE`,
    `WHERE ${where.join(' AND ')}`,
    `GROUP BY ${input.groupColumns.map((_column, index) => index + 1).join(',')}`,
  ].join('\n');
  const others = input.groupColumns.filter((column) => column.alias !== timeDimension.id);
  const on = [
    `${q(popName)}.${t} = ${shift(`base_metrics.${t}`)}`,
    ...others.map(
      ({ alias }) =>
        `(base_metrics.${q(alias)} = ${q(popName)}.${q(alias)} OR (base_metrics.${q(alias)} IS NULL ` +
        `AND ${q(popName)}.${q(alias)} IS NULL))`,
    ),
  ];
  return {
    ctes: [
      `${q(minMax)} AS (\nSELECT MIN(${t}) AS ${q('min_date')}, MAX(${t}) AS ${q('max_date')} FROM base_metrics\n)`,
      `${q(popName)} AS (\n${popSql}\n)`,
    ],
    metricsSql: [
      `SELECT\n  base_metrics.*,\n  ${input.metrics.map((metric) => `${q(popName)}.${q(metric.id)} AS ${q(metric.id)}`).join(',\n  ')}`,
      'FROM base_metrics',
      `LEFT OUTER JOIN ${q(popName)}\n  ON ${on.join(' AND ')}`,
    ].join('\n'),
  };
}

/** A short, stable tag so two comparisons on different time dimensions get different ids (FNV-1a). */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0').slice(0, 6);
}
