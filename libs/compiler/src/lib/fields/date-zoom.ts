import type { SqlDialect } from '@quarry/dialects';
import {
  DATE_GRANULARITIES,
  type DateGranularity,
  type DateZoom,
  type Dimension,
  type MetricQuery,
  type TimeFrame,
  type WeekDay,
} from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';

const SUB_DAY: readonly DateGranularity[] = ['Second', 'Minute', 'Hour'];

/** The zoomed dimension's sql at the zoom's grain, and that grain (its values are formatted by it). */
export interface ZoomedDimension {
  sql: string;
  timeInterval: TimeFrame;
}

/**
 * Date zoom (semantics.md §5): the zoomed dimension keeps its id but is selected at the zoom's
 * grain, recomputed from its base dimension. The target is `xAxisFieldId`, else the first
 * selected date/timestamp dimension. Sub-day grains do not apply to dates. Weeks start on the
 * project's week start, as the explore's own week dimensions do. Null: not zoomed.
 */
export function zoomedDimension(
  id: string,
  dimension: Dimension,
  query: MetricQuery,
  zoom: DateZoom | undefined,
  dimensions: ReadonlyMap<string, Dimension>,
  dialect: SqlDialect,
  startOfWeek: WeekDay | undefined,
): ZoomedDimension | null {
  if (!zoom?.granularity || zoomTarget(query, zoom, dimensions) !== id) return null;
  const baseName = dimension.timeIntervalBaseDimensionName ?? dimension.name;
  const base = dimensions.get(`${dimension.table}_${baseName}`) ?? dimension;
  if (base.type !== 'date' && base.type !== 'timestamp') return null;
  if (base.type === 'date' && SUB_DAY.includes(zoom.granularity)) return null;
  const frame = zoom.granularity.toUpperCase() as TimeFrame;
  const options = { baseType: base.type, ...(startOfWeek === undefined ? {} : { startOfWeek }) };
  const sql = dialect.timeFrameSql(frame, base.compiledSql, options);
  // A zoomed DATE stays a DATE, like the date dimensions the explore truncates (field-index).
  return { sql: base.type === 'date' ? dialect.dateValue(sql) : sql, timeInterval: frame };
}

/**
 * A zoom the query cannot apply is a 400 naming the field, not silently ignored: an unknown
 * granularity, or an `xAxisFieldId` that is not a date/timestamp dimension the query selects.
 */
export function checkDateZoom(zoom: DateZoom | undefined, query: MetricQuery, dimensions: ReadonlyMap<string, Dimension>): void {
  if (zoom === undefined || zoom === null) return;
  if (zoom.granularity !== undefined && !(DATE_GRANULARITIES as readonly unknown[]).includes(zoom.granularity)) {
    throw badQueryError(`dateZoom.granularity must be one of ${DATE_GRANULARITIES.join(', ')}, got ${JSON.stringify(zoom.granularity)}`, {
      field: 'dateZoom.granularity',
      granularity: zoom.granularity,
    });
  }
  const target = zoom.xAxisFieldId;
  if (target === undefined || target === null) return;
  const type = typeof target === 'string' ? dimensions.get(target)?.type : undefined;
  if (typeof target !== 'string' || !query.dimensions.includes(target) || (type !== 'date' && type !== 'timestamp')) {
    throw badQueryError(`dateZoom.xAxisFieldId ${JSON.stringify(target)} is not a date or timestamp dimension selected by the query`, {
      field: 'dateZoom.xAxisFieldId',
      xAxisFieldId: target,
    });
  }
}

function zoomTarget(query: MetricQuery, zoom: DateZoom, dimensions: ReadonlyMap<string, Dimension>): string | undefined {
  if (zoom.xAxisFieldId) return zoom.xAxisFieldId;
  return query.dimensions.find((candidate) => {
    const type = dimensions.get(candidate)?.type;
    return type === 'date' || type === 'timestamp';
  });
}
