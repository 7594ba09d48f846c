import type { SqlDialect } from '@quarry/dialects';
import type { DateGranularity, DateZoom, Dimension, MetricQuery, TimeFrame } from '@quarry/domain';

const SUB_DAY: readonly DateGranularity[] = ['Second', 'Minute', 'Hour'];

/**
 * Date zoom (semantics.md §5): the zoomed dimension keeps its id but is selected at the zoom's
 * grain, recomputed from its base dimension. The target is `xAxisFieldId`, else the first
 * selected date/timestamp dimension. Sub-day grains do not apply to dates. Null: not zoomed.
 */
export function zoomedSql(
  id: string,
  dimension: Dimension,
  query: MetricQuery,
  zoom: DateZoom | undefined,
  dimensions: ReadonlyMap<string, Dimension>,
  dialect: SqlDialect,
): string | null {
  if (!zoom?.granularity || zoomTarget(query, zoom, dimensions) !== id) return null;
  const baseName = dimension.timeIntervalBaseDimensionName ?? dimension.name;
  const base = dimensions.get(`${dimension.table}_${baseName}`) ?? dimension;
  if (base.type !== 'date' && base.type !== 'timestamp') return null;
  if (base.type === 'date' && SUB_DAY.includes(zoom.granularity)) return null;
  const frame = zoom.granularity.toUpperCase() as TimeFrame;
  return dialect.timeFrameSql(frame, base.compiledSql, { baseType: base.type });
}

function zoomTarget(query: MetricQuery, zoom: DateZoom, dimensions: ReadonlyMap<string, Dimension>): string | undefined {
  if (zoom.xAxisFieldId) return zoom.xAxisFieldId;
  return query.dimensions.find((candidate) => {
    const type = dimensions.get(candidate)?.type;
    return type === 'date' || type === 'timestamp';
  });
}
