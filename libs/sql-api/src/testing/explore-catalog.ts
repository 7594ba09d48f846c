import { type Explore, getFieldId, type Metric } from '@quarry/domain';

import { type SqlCatalog, type SqlCatalogColumn } from '../lib/sql-plan';
import { sqlTypeOfField } from '../lib/sql-type';

/** Every visible dimension and metric of the explores, as the SQL API's catalog shows them (no permission filtering: for tests). */
export function sqlCatalogOfExplores(explores: readonly Explore[]): SqlCatalog {
  return {
    tables: explores.map((explore) => {
      const tables = Object.values(explore.tables);
      const dimensions = tables.flatMap((table) => Object.values(table.dimensions)).filter((dimension) => !dimension.hidden);
      const metrics = tables.flatMap((table) => Object.values(table.metrics)).filter((metric) => !metric.hidden);
      const typeOfDimension = new Map(dimensions.map((dimension) => [getFieldId(dimension), dimension.type]));
      return {
        name: explore.name,
        columns: [
          ...dimensions.map((dimension): SqlCatalogColumn => ({ name: getFieldId(dimension), kind: 'dimension', type: sqlTypeOfField(dimension.type) })),
          ...metrics.map((metric): SqlCatalogColumn => ({ name: getFieldId(metric), kind: 'metric', type: sqlTypeOfField(metricValueType(metric, typeOfDimension)), metricType: metric.type })),
        ],
      };
    }),
  };
}

/** Typed metrics say their type; min/max keep the type of the dimension they name; other aggregates are numbers. */
function metricValueType(metric: Metric, typeOfDimension: Map<string, string>): string {
  if (metric.type === 'min' || metric.type === 'max') return (metric.dimensionReference && typeOfDimension.get(metric.dimensionReference)) || 'number';
  return metric.type;
}
