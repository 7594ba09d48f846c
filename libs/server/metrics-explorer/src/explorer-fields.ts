import { type Dimension, type Explore, type Metric, NotFoundError, ParameterError } from '@quarry/domain';

import type { TimeDimensionRef } from './explorer-queries';
import { type ExplorerGrain, isExplorerGrain } from './time-grain';

export interface TimeDimensionChoice {
  table: string;
  field: string;
  interval?: string;
}

/** A metric of the explore by name: the base table's first, else any table's. */
export function findMetric(explore: Explore, name: string): Metric {
  const base = explore.tables[explore.baseTable]?.metrics[name];
  const metric =
    base ??
    Object.values(explore.tables)
      .map((table) => table.metrics[name])
      .find((found) => found !== undefined);
  if (!metric)
    throw new NotFoundError(`Metric "${name}" does not exist in explore "${explore.name}"`, { metric: name, explore: explore.name });
  return metric;
}

export function findMetricInTable(explore: Explore, table: string, name: string): Metric | undefined {
  return explore.tables[table]?.metrics[name];
}

/** A dimension of the explore by field id (`orders_status`). */
export function findDimension(explore: Explore, fieldId: string): Dimension | undefined {
  for (const table of Object.values(explore.tables)) {
    for (const dimension of Object.values(table.dimensions)) if (`${dimension.table}_${dimension.name}` === fieldId) return dimension;
  }
  return undefined;
}

/**
 * The time dimension a series is drawn on: the request's override, else the metric's default.
 * Its grain, when one is named, must be one the explorer draws.
 */
export function chooseTimeDimension(metric: Metric, override: TimeDimensionChoice | undefined): TimeDimensionChoice {
  const choice =
    override ??
    (metric.defaultTimeDimension
      ? { table: metric.table, field: metric.defaultTimeDimension.field, interval: metric.defaultTimeDimension.interval }
      : undefined);
  if (!choice) {
    throw new ParameterError(
      `Metric "${metric.name}" has no default time dimension: send timeDimensionOverride { table, field, interval }`,
      {
        timeDimensionOverride: ['required: the metric has no default time dimension'],
      },
    );
  }
  return choice;
}

/** The base date/timestamp dimension of a choice, checked against the explore. */
export function timeDimensionRef(explore: Explore, choice: TimeDimensionChoice): TimeDimensionRef {
  const dimension = explore.tables[choice.table]?.dimensions[choice.field];
  if (!dimension || (dimension.type !== 'date' && dimension.type !== 'timestamp')) {
    throw new ParameterError(`"${choice.table}.${choice.field}" is not a date or timestamp dimension of explore "${explore.name}"`, {
      timeDimensionOverride: [`${choice.table}.${choice.field} is not a date or timestamp dimension of explore ${explore.name}`],
    });
  }
  return { table: choice.table, field: choice.field, type: dimension.type };
}

/** The named grain when it is one the explorer draws; otherwise none (the range decides). */
export function namedGrain(choice: TimeDimensionChoice, fromOverride: boolean): ExplorerGrain | undefined {
  if (choice.interval === undefined) return undefined;
  if (isExplorerGrain(choice.interval)) return choice.interval;
  if (fromOverride) {
    throw new ParameterError(`timeDimensionOverride.interval must be one of DAY, WEEK, MONTH, QUARTER, YEAR`, {
      'timeDimensionOverride.interval': ['must be one of DAY, WEEK, MONTH, QUARTER, YEAR'],
    });
  }
  return undefined;
}

/** The interval child (`order_date_month`) the series groups by; the project must declare it. */
export function requireIntervalDimension(explore: Explore, ref: TimeDimensionRef, grain: ExplorerGrain): void {
  if (!explore.tables[ref.table]?.dimensions[`${ref.field}_${grain.toLowerCase()}`]) {
    throw new ParameterError(`"${ref.table}.${ref.field}" has no ${grain} interval in explore "${explore.name}"`, {
      timeDimensionOverride: [`${ref.table}.${ref.field} has no ${grain} interval`],
    });
  }
}

/** Date and timestamp dimensions a metric of the explore could be drawn over. */
export function availableTimeDimensions(explore: Explore): Dimension[] {
  return Object.values(explore.tables).flatMap((table) =>
    Object.values(table.dimensions).filter(
      (dimension) =>
        (dimension.type === 'date' || dimension.type === 'timestamp') && !dimension.timeIntervalBaseDimensionName && !dimension.hidden,
    ),
  );
}
