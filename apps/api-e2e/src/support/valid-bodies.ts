import { jaffleManifest } from '@quarry/testing';

import { type BodyOperation, type OpenApiDocument, sampleValue } from './abuse-corpus';
import { JAFFLE_WAREHOUSES } from './jaffle-projects';

const MISSING_SPACE = '00000000-0000-4000-8000-000000000000';

/** A small query on the jaffle `orders` explore. */
export const ORDERS_BY_STATUS = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_unique_order_count'],
  filters: {},
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 10,
  tableCalculations: [],
};

const EXPORT_LAYOUT = { columnOrder: [], showTableNames: false };

/**
 * Bodies that pass validation and get past the services' own checks, by schema name, where one
 * generated from the schema would not. The abuse tests break them one thing at a time, or send
 * them where authorization, not validation, must answer.
 */
function handWritten(ids: { projectUuid: string; userUuid: string }): Record<string, Record<string, unknown>> {
  return {
    RunQueryDto: ORDERS_BY_STATUS,
    CompileQueryDto: ORDERS_BY_STATUS,
    DownloadCsvDto: { ...ORDERS_BY_STATUS, ...EXPORT_LAYOUT, onlyRaw: true },
    ExecuteMetricQueryDto: { query: ORDERS_BY_STATUS },
    UploadSheetDto: { projectUuid: ids.projectUuid, exploreId: 'orders', metricQuery: ORDERS_BY_STATUS, ...EXPORT_LAYOUT },
    CreateProjectDto: {
      name: 'Abuse',
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
      transformConnection: { type: 'manifest', manifest: jaffleManifest() },
    },
    CreateColorPaletteDto: { name: 'Abuse palette', colors: Array.from({ length: 20 }, () => '#123456') },
    UpdateColorPaletteDto: { name: 'Taken over' },
    GrantProjectAccessDto: { role: 'admin', userUuid: ids.userUuid },
    UpdateUserRoleDto: { role: 'admin' },
    // A space that does not exist: the body passes validation, the service answers 404.
    CreateChartDto: {
      name: 'Abuse chart',
      tableName: 'orders',
      metricQuery: ORDERS_BY_STATUS,
      chartConfig: { type: 'table', config: {} },
      tableConfig: { columnOrder: [] },
      spaceUuid: MISSING_SPACE,
    },
    SqlRunnerBodyDto: { sql: 'SELECT 1 AS one', limit: 1 },
    CreateSqlChartDto: { name: 'Abuse SQL chart', sql: 'SELECT 1', limit: 10, config: { type: 'table' }, spaceUuid: MISSING_SPACE },
  };
}

/** A valid body for the operation: hand-written, else generated from its schema. */
export function validBody(
  document: OpenApiDocument,
  operation: BodyOperation,
  ids: { projectUuid: string; userUuid: string },
): Record<string, unknown> {
  return (
    (operation.schemaName ? handWritten(ids)[operation.schemaName] : undefined) ??
    (sampleValue(document, operation.schema) as Record<string, unknown>)
  );
}
