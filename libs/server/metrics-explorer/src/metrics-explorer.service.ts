import { Injectable } from '@nestjs/common';
import type { ItemsMap } from '@quarry/compiler';
import {
  type Dimension,
  type Explore,
  type FilterOperator,
  type FilterRule,
  type Metric,
  type MetricQuery,
  NotFoundError,
  ParameterError,
  type Principal,
} from '@quarry/domain';
import { createRowFormatter, type ResultRow } from '@quarry/formatting';
import { AppConfig } from '@quarry/server/config';
import { ProjectsService } from '@quarry/server/projects';
import { QueryPlanner, WarehouseReader } from '@quarry/server/query';
import type { Dayjs } from 'dayjs';

import {
  availableTimeDimensions,
  chooseTimeDimension,
  findDimension,
  findMetric,
  findMetricInTable,
  namedGrain,
  requireIntervalDimension,
  type TimeDimensionChoice,
  timeDimensionRef,
} from './explorer-fields';
import { MAX_SEGMENTS, segmentValuesFilter, seriesQuery, type SeriesSpec, timeDimensionId, topSegmentsQuery } from './explorer-queries';
import { assemblePoints, type ExplorerDataPoint, segmentText, type SeriesValues, seriesValues } from './series-points';
import {
  type DateRange,
  type ExplorerGrain,
  grainForRange,
  parseDate,
  periodCount,
  periodsOf,
  periodStart,
  seriesBounds,
  yearBefore,
} from './time-grain';

export type MetricExplorerComparison =
  | { comparison: 'none'; segmentDimension?: string | null }
  | { comparison: 'previous_period' }
  | { comparison: 'different_metric'; metric: { table: string; name: string; label?: string } };

export interface MetricExplorerRequest {
  startDate: string;
  endDate: string;
  query: MetricExplorerComparison;
  timeDimensionOverride?: TimeDimensionChoice;
  /** A filter rule on a dimension of the explore (`target.fieldId`). */
  filter?: Record<string, unknown>;
}

export type MetricWithTimeDimension = Metric & {
  timeDimension: { interval: ExplorerGrain; field: string; table: string };
  availableTimeDimensions: Dimension[];
};

export interface MetricExplorerResults {
  results: ExplorerDataPoint[];
  fields: ItemsMap;
  metric: MetricWithTimeDimension;
  compareMetric: MetricWithTimeDimension | null;
  segmentDimension: Dimension | null;
  hasFilteredSeries: boolean;
}

interface Series {
  values: SeriesValues;
  fields: ItemsMap;
}

/**
 * E1: one metric as a time series over a date range, at a grain, optionally split into its top
 * segments or compared with the previous year or another metric. Every query is a MetricQuery
 * planned and read like runQuery's (bound values, results cache); viewers may run it.
 */
@Injectable()
export class MetricsExplorerService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly planner: QueryPlanner,
    private readonly reader: WarehouseReader,
    private readonly config: AppConfig,
  ) {}

  async run(
    principal: Principal,
    projectUuid: string,
    exploreName: string,
    metricName: string,
    request: MetricExplorerRequest,
  ): Promise<MetricExplorerResults> {
    const range = dateRange(request.startDate, request.endDate);
    const explore = await this.explore(principal, projectUuid, exploreName);
    const metric = findMetric(explore, metricName);
    const choice = chooseTimeDimension(metric, request.timeDimensionOverride);
    const timeDimension = timeDimensionRef(explore, choice);
    const grain = namedGrain(choice, request.timeDimensionOverride !== undefined) ?? grainForRange(range);
    requireIntervalDimension(explore, timeDimension, grain);
    // Counted before anything is built: a request may name any range (finding 5 of issue 31).
    this.assertFits(periodCount(range, grain), grain);
    const periods = periodsOf(range, grain);
    const spec: SeriesSpec = {
      exploreName: explore.name,
      metricId: `${metric.table}_${metric.name}`,
      timeDimension,
      grain,
      ...seriesBounds(range, grain),
      filter: filterRule(request.filter),
      limit: this.config.query.maxLimit,
    };
    const metricView = withTimeDimension(explore, metric, { interval: grain, field: timeDimension.field, table: timeDimension.table });
    const query = request.query;

    if (query.comparison === 'none' && query.segmentDimension) {
      return this.segmented(principal, projectUuid, explore, spec, periods, metricView, query.segmentDimension);
    }
    const main = await this.series(principal, projectUuid, seriesQuery(spec), spec);
    const base = { fields: main.fields, metric: metricView, segmentDimension: null, hasFilteredSeries: false };
    switch (query.comparison) {
      case 'none':
        return {
          ...base,
          compareMetric: null,
          results: assemblePoints({ periods, segments: [null], metricLabel: metric.label, main: main.values }),
        };
      case 'previous_period': {
        const previousSpec = { ...spec, ...seriesBounds(yearBefore(range), grain) };
        const previous = await this.series(principal, projectUuid, seriesQuery(previousSpec), previousSpec);
        const compare = {
          label: `${metric.label} (previous year)`,
          values: previous.values.get(null) ?? new Map(),
          periodOf: (period: Dayjs) => periodStart(period.subtract(1, 'year'), grain).valueOf(),
        };
        return {
          ...base,
          compareMetric: null,
          results: assemblePoints({ periods, segments: [null], metricLabel: metric.label, main: main.values, compare }),
        };
      }
      case 'different_metric': {
        const other = await this.otherMetric(principal, projectUuid, explore, query.metric, timeDimension, grain);
        const otherSpec: SeriesSpec = {
          ...spec,
          exploreName: other.explore.name,
          metricId: `${other.metric.table}_${other.metric.name}`,
          timeDimension: other.timeDimension,
        };
        const compared = await this.series(principal, projectUuid, seriesQuery(otherSpec), otherSpec);
        const compare = {
          label: other.metric.label,
          values: compared.values.get(null) ?? new Map(),
          periodOf: (period: Dayjs) => period.valueOf(),
        };
        return {
          ...base,
          fields: { ...main.fields, ...compared.fields },
          compareMetric: withTimeDimension(other.explore, other.metric, {
            interval: grain,
            field: other.timeDimension.field,
            table: other.timeDimension.table,
          }),
          results: assemblePoints({ periods, segments: [null], metricLabel: metric.label, main: main.values, compare }),
        };
      }
    }
  }

  /** The top segments by the metric over the range, each with its full series; `hasFilteredSeries` when more existed. */
  private async segmented(
    principal: Principal,
    projectUuid: string,
    explore: Explore,
    spec: SeriesSpec,
    periods: Dayjs[],
    metric: MetricWithTimeDimension,
    segmentId: string,
  ): Promise<MetricExplorerResults> {
    const segmentDimension = findDimension(explore, segmentId);
    if (!segmentDimension) {
      throw new ParameterError(`"${segmentId}" is not a dimension of explore "${explore.name}"`, {
        'query.segmentDimension': [`${segmentId} is not a dimension of explore ${explore.name}`],
      });
    }
    const top = await this.read(principal, projectUuid, topSegmentsQuery(spec, segmentId));
    const hasFilteredSeries = top.rows.length > MAX_SEGMENTS;
    const segmentRaws = top.rows.slice(0, MAX_SEGMENTS).map((row) => row[segmentId]?.value.raw ?? null);
    const segments = segmentRaws.map(segmentText);
    this.assertFits(periods.length * Math.max(segments.length, 1), spec.grain);
    const filter =
      hasFilteredSeries && (segmentDimension.type === 'string' || segmentDimension.type === 'number')
        ? segmentValuesFilter(segmentId, segmentRaws as Array<string | number | null>)
        : undefined;
    const main = await this.series(principal, projectUuid, seriesQuery(spec, segmentId, filter), spec, segmentId);
    const kept = new Set(segments);
    for (const segment of [...main.values.keys()]) if (!kept.has(segment)) main.values.delete(segment);
    return {
      results: assemblePoints({ periods, segments, metricLabel: metric.label, main: main.values }),
      fields: main.fields,
      metric,
      compareMetric: null,
      segmentDimension,
      hasFilteredSeries,
    };
  }

  /** The metric compared against: in the same explore when it has that table, else in the explore named by the table. */
  private async otherMetric(
    principal: Principal,
    projectUuid: string,
    explore: Explore,
    requested: { table: string; name: string },
    primaryTime: { table: string; field: string },
    grain: ExplorerGrain,
  ) {
    const otherExplore = explore.tables[requested.table] ? explore : await this.explore(principal, projectUuid, requested.table);
    const metric = findMetricInTable(otherExplore, requested.table, requested.name);
    if (!metric)
      throw new NotFoundError(`Metric "${requested.table}.${requested.name}" does not exist`, {
        'query.metric': `${requested.table}.${requested.name}`,
      });
    const choice = metric.defaultTimeDimension
      ? { table: metric.table, field: metric.defaultTimeDimension.field }
      : otherExplore.tables[primaryTime.table]?.dimensions[primaryTime.field]
        ? primaryTime
        : undefined;
    if (!choice) {
      throw new ParameterError(
        `Metric "${requested.table}.${requested.name}" has no default time dimension and its explore ` +
          `lacks ${primaryTime.table}.${primaryTime.field}`,
        {
          'query.metric': ['the metric has no time dimension to compare on'],
        },
      );
    }
    const timeDimension = timeDimensionRef(otherExplore, choice);
    requireIntervalDimension(otherExplore, timeDimension, grain);
    return { explore: otherExplore, metric, timeDimension };
  }

  private async explore(principal: Principal, projectUuid: string, exploreName: string): Promise<Explore> {
    const target = await this.projects.queryTarget(principal, projectUuid, exploreName, 'project:view');
    return target.explore;
  }

  private async series(
    principal: Principal,
    projectUuid: string,
    query: MetricQuery,
    spec: SeriesSpec,
    segmentId?: string,
  ): Promise<Series> {
    const { rows, fields } = await this.read(principal, projectUuid, query);
    return { values: seriesValues(rows, timeDimensionId(spec.timeDimension, spec.grain), spec.metricId, spec.grain, segmentId), fields };
  }

  private async read(principal: Principal, projectUuid: string, query: MetricQuery): Promise<{ rows: ResultRow[]; fields: ItemsMap }> {
    const planned = await this.planner.plan(principal, projectUuid, query, {}, { action: 'project:view' });
    const { rows } = await this.reader.read(planned, { user: principal.userUuid });
    const format = createRowFormatter(planned.compiled.fields as Parameters<typeof createRowFormatter>[0]);
    return { rows: rows.map(format), fields: planned.compiled.fields };
  }

  /** A series longer than the query limit would come back cut: refuse it instead. */
  private assertFits(points: number, grain: ExplorerGrain): void {
    if (points > this.config.query.maxLimit) {
      throw new ParameterError(
        `The range holds ${points.toLocaleString('en-US')} periods at ${grain}, more than QUERY_MAX_LIMIT ` +
          `(${this.config.query.maxLimit}): shorten it or use a coarser interval`,
        {
          startDate: ['range too long for the interval'],
          endDate: ['range too long for the interval'],
        },
      );
    }
  }
}

function dateRange(startDate: string, endDate: string): DateRange {
  const start = parseDate(startDate);
  const end = parseDate(endDate);
  if (!start) throw new ParameterError('startDate is not a date', { startDate: ['startDate must be a date (YYYY-MM-DD or ISO 8601)'] });
  if (!end) throw new ParameterError('endDate is not a date', { endDate: ['endDate must be a date (YYYY-MM-DD or ISO 8601)'] });
  if (end.isBefore(start)) throw new ParameterError('endDate is before startDate', { endDate: ['endDate must not be before startDate'] });
  return { start, end };
}

/** The request's filter as a rule of the series queries; the compiler checks its operator and values. */
function filterRule(filter: Record<string, unknown> | undefined): FilterRule | undefined {
  if (!filter) return undefined;
  const target = filter['target'] as { fieldId?: unknown } | undefined;
  if (typeof target?.fieldId !== 'string')
    throw new ParameterError('filter.target.fieldId must name a dimension', { 'filter.target.fieldId': ['must be a field id'] });
  if (typeof filter['operator'] !== 'string')
    throw new ParameterError('filter.operator is required', { 'filter.operator': ['must be a filter operator'] });
  if (filter['values'] !== undefined && !Array.isArray(filter['values']))
    throw new ParameterError('filter.values must be a list', { 'filter.values': ['must be an array'] });
  // Its other fields (values, settings, disabled…) pass as sent: the compiler checks them against the target field.
  const rest = filter as Partial<FilterRule>;
  const id = typeof filter['id'] === 'string' ? filter['id'] : 'filter';
  return { ...rest, id, target: { fieldId: target.fieldId }, operator: filter['operator'] as FilterOperator };
}

function withTimeDimension(
  explore: Explore,
  metric: Metric,
  timeDimension: MetricWithTimeDimension['timeDimension'],
): MetricWithTimeDimension {
  return { ...metric, timeDimension, availableTimeDimensions: availableTimeDimensions(explore) };
}
