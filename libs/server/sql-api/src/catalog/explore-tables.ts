import { type AnyExplore, type Dimension, type Explore, getFieldId, isExploreError, type Metric } from '@quarry/domain';
import { type SqlCatalog, type SqlCatalogColumn, type SqlCatalogTable, sqlTypeOfField } from '@quarry/sql-api';

/**
 * The explores a caller may query as tables: one per working explore, one column per field that is
 * not hidden (dimensions first, then metrics; field ids as names). Explores that failed to compile
 * are left out.
 */
export function catalogOf(explores: readonly AnyExplore[]): SqlCatalog {
  const working = explores.filter((explore): explore is Explore => !isExploreError(explore));
  return { tables: working.map(tableOf) };
}

function tableOf(explore: Explore): SqlCatalogTable {
  const tables = Object.values(explore.tables);
  const dimensions = tables.flatMap((table) => Object.values(table.dimensions ?? {})).filter((field) => !field.hidden);
  const metrics = tables.flatMap((table) => Object.values(table.metrics ?? {})).filter((field) => !field.hidden);
  const typeOfDimension = new Map(dimensions.map((dimension) => [getFieldId(dimension), dimension.type as string]));
  const description = explore.description ?? explore.tables[explore.baseTable]?.description;
  return {
    name: explore.name,
    ...(description ? { description } : {}),
    columns: [...dimensions.map(dimensionColumn), ...metrics.map((metric) => metricColumn(metric, typeOfDimension))],
  };
}

function dimensionColumn(field: Dimension): SqlCatalogColumn {
  return {
    name: getFieldId(field),
    kind: 'dimension',
    type: sqlTypeOfField(field.type),
    ...(field.description ? { description: field.description } : {}),
  };
}

/** min/max have the type of the dimension they aggregate; other metrics say theirs. */
function metricColumn(field: Metric, typeOfDimension: ReadonlyMap<string, string>): SqlCatalogColumn {
  const aggregated =
    field.type === 'min' || field.type === 'max'
      ? (field.dimensionReference && typeOfDimension.get(field.dimensionReference)) || 'number'
      : field.type;
  return {
    name: getFieldId(field),
    kind: 'metric',
    type: sqlTypeOfField(aggregated),
    metricType: field.type,
    ...(field.description ? { description: field.description } : {}),
  };
}
