import { type Dimension, type Explore, getFieldId, type Metric } from '@quarry/domain';
import type { SqlCatalog, SqlCatalogColumn, SqlCatalogTable, SqlType } from '@quarry/sql-api';

const DIMENSION_TYPES: Readonly<Record<string, SqlType>> = { string: 'text', number: 'float8', date: 'date', timestamp: 'timestamp', boolean: 'bool' };
const METRIC_TYPES: Readonly<Record<string, SqlType>> = { count: 'int8', count_distinct: 'int8', string: 'text', date: 'date', timestamp: 'timestamp', boolean: 'bool' };

/**
 * The explores a caller may query as tables: one per working explore, one column per field that is
 * not hidden (dimensions first, then metrics; field ids as names). Explores that failed to compile
 * are left out.
 */
export function catalogOf(explores: ReadonlyArray<Record<string, unknown>>): SqlCatalog {
  const tables = explores
    .filter((stored) => !(Array.isArray(stored['errors']) && stored['errors'].length > 0) && typeof stored['tables'] === 'object')
    .map((stored) => tableOf(stored as unknown as Explore));
  return { tables };
}

function tableOf(explore: Explore): SqlCatalogTable {
  const tables = Object.values(explore.tables);
  const dimensions = tables.flatMap((table) => Object.values(table.dimensions ?? {})).filter((field) => !field.hidden);
  const metrics = tables.flatMap((table) => Object.values(table.metrics ?? {})).filter((field) => !field.hidden);
  const description = explore.description ?? explore.tables[explore.baseTable]?.description;
  return {
    name: explore.name,
    ...(description ? { description } : {}),
    columns: [...dimensions.map(dimensionColumn), ...metrics.map(metricColumn)],
  };
}

function dimensionColumn(field: Dimension): SqlCatalogColumn {
  return { name: getFieldId(field), kind: 'dimension', type: DIMENSION_TYPES[field.type] ?? 'text', ...(field.description ? { description: field.description } : {}) };
}

function metricColumn(field: Metric): SqlCatalogColumn {
  return { name: getFieldId(field), kind: 'metric', type: METRIC_TYPES[field.type] ?? 'float8', ...(field.description ? { description: field.description } : {}) };
}
