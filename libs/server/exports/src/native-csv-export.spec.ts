import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { compile } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import { type Explore, isExploreError, type MetricQuery } from '@quarry/domain';
import type { ExportLayout } from '@quarry/jobs-contracts';
import { compileExplores, loadTransformProject } from '@quarry/semantic';
import type { AppConfig } from '@quarry/server/config';
import { ensureJafflePostgres, JAFFLE_POSTGRES_CATALOG, jaffleManifest, materializeJaffleDuckdb } from '@quarry/testing';
import { closeDuckDbInstances, createWarehouseAdapter, type WarehouseAdapter, type WarehouseConnectionConfig } from '@quarry/warehouses';

import { csvText } from './csv-text';
import { ExportFiles } from './export-files';
import { exportRowLimit } from './export-limits';
import type { OpenedExport } from './export-query';
import { limitedBatches, type RowCount } from './limited-rows';
import { writeNativeCsv } from './native-csv-export';
import { plainRecordBatches } from './table-records';
import { HOSTILE_VALUES } from './test/hostile-values';

/** The jaffle `orders` explore as a project over that warehouse gets it: relations named in the warehouse's dialect. */
function ordersExplore(warehouse: 'duckdb' | 'postgres'): Explore {
  const project = loadTransformProject({ kind: 'manifest', manifest: jaffleManifest() });
  const explore = compileExplores(project, { warehouseType: warehouse, catalog: JAFFLE_POSTGRES_CATALOG }).find(
    (candidate) => !isExploreError(candidate) && candidate.name === 'orders',
  );
  if (!explore || isExploreError(explore)) throw new Error('The jaffle project has no orders explore');
  return explore;
}

/**
 * Acceptance 2 of issue 15: the exports of the e2e cases (apps/api-e2e exports.e2e.ts), written by
 * the warehouse, are byte for byte the files the JS path writes — on DuckDB and PostgreSQL.
 */
const QUERY: MetricQuery = {
  exploreName: 'orders',
  dimensions: ['orders_status', 'orders_order_date_month'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [
    { fieldId: 'orders_order_date_month', descending: false },
    { fieldId: 'orders_status', descending: false },
  ],
  limit: 500,
  tableCalculations: [],
} as unknown as MetricQuery;

interface ExportCase {
  name: string;
  layout: ExportLayout;
  query?: Partial<MetricQuery>;
  csvLimit?: number | null;
}

const CASES: ExportCase[] = [
  {
    name: 'formatted, labels, column order, hidden fields',
    layout: {
      columnOrder: ['orders_order_date_month', 'orders_unique_order_count', 'orders_status', 'orders_total_order_amount'],
      hiddenFields: ['orders_total_order_amount'],
      customLabels: { orders_unique_order_count: 'Orders' },
      showTableNames: false,
      onlyRaw: false,
    } as ExportLayout,
  },
  {
    name: 'formatted, every kind of field (dates by interval, booleans, currency, percent, MIN/MAX of dates)',
    layout: { columnOrder: [], showTableNames: true, onlyRaw: false } as unknown as ExportLayout,
    query: {
      dimensions: [
        'orders_status',
        'orders_is_completed',
        'orders_order_date_year',
        'orders_order_date_quarter',
        'orders_order_date_week',
        'orders_order_date_day',
        'orders_customer_id',
      ],
      metrics: [
        'orders_total_order_amount',
        'orders_average_order_size',
        'orders_fulfillment_rate',
        'orders_unique_order_count',
        'orders_date_of_first_order',
        'orders_date_of_most_recent_order',
      ],
      sorts: [
        { fieldId: 'orders_order_date_day', descending: false },
        { fieldId: 'orders_customer_id', descending: false },
        { fieldId: 'orders_status', descending: false },
      ],
    } as unknown as Partial<MetricQuery>,
  },
  {
    name: 'formatted, every order (amounts, dates, ids)',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: false } as unknown as ExportLayout,
    query: {
      dimensions: ['orders_order_id', 'orders_order_date', 'orders_amount', 'orders_status'],
      metrics: [],
      sorts: [{ fieldId: 'orders_order_id', descending: false }],
    } as unknown as Partial<MetricQuery>,
    csvLimit: null,
  },
  {
    name: 'formatted cut at csvLimit',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: false } as unknown as ExportLayout,
    csvLimit: 3,
  },
  { name: 'raw with table names', layout: { columnOrder: [], showTableNames: true, onlyRaw: true } as unknown as ExportLayout },
  {
    name: 'raw cut at csvLimit',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: true } as unknown as ExportLayout,
    csvLimit: 3,
  },
  {
    name: 'raw, every row past the query limit',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: true } as unknown as ExportLayout,
    query: { limit: 2 },
    csvLimit: null,
  },
  {
    name: 'raw cut at the query limit',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: true } as unknown as ExportLayout,
    query: { limit: 2 },
  },
  {
    name: 'raw, headers that need quoting',
    layout: {
      columnOrder: [],
      showTableNames: false,
      onlyRaw: true,
      customLabels: { orders_status: ' Status, "the" one', orders_unique_order_count: 'two\nlines' },
    } as unknown as ExportLayout,
  },
  {
    name: 'raw, filtered by hostile values',
    layout: { columnOrder: [], showTableNames: false, onlyRaw: true } as unknown as ExportLayout,
    query: {
      filters: {
        dimensions: {
          id: 'and',
          and: [{ id: 'status', target: { fieldId: 'orders_status' }, operator: 'equals', values: ['completed', ...HOSTILE_VALUES] }],
        },
      },
    } as unknown as Partial<MetricQuery>,
  },
];

function openExport(adapter: WarehouseAdapter, warehouse: 'duckdb' | 'postgres', entry: ExportCase): OpenedExport {
  const query = { ...QUERY, ...entry.query } as MetricQuery;
  const limit = exportRowLimit({
    csvLimit: entry.csvLimit,
    queryLimit: query.limit,
    maxCells: 0,
    columnCount: query.dimensions.length + query.metrics.length,
  });
  const compiled = compile(
    ordersExplore(warehouse),
    { ...query, limit: limit === undefined ? 1_000_000 : limit + 1 },
    dialectFor(warehouse),
  );
  const count: RowCount = { rows: 0, truncated: false };
  return {
    principal: undefined as never,
    query,
    fields: compiled.fields,
    batches: limitedBatches(adapter.streamQuery(compiled.sql, compiled.params, { batchSize: 500 }), limit, count),
    planned: { sql: compiled.sql, params: compiled.params, options: {}, adapter, columnNames: compiled.columnNames },
    limit,
    maxBytes: undefined,
    count,
    close: async () => undefined,
  };
}

async function jsFile(opened: OpenedExport, layout: ExportLayout): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(csvText(plainRecordBatches(opened, layout, () => undefined))))
    chunks.push(Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

describe.each([
  ['duckdb' as const, { type: 'duckdb', path: 'warehouses/postgres.duckdb' }],
  [
    'postgres' as const,
    {
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      password: '',
      dbname: 'postgres',
      schema: 'jaffle',
      sslmode: 'disable',
    },
  ],
])("exports of the e2e cases on %s: the warehouse writes the JS path's bytes", (warehouse, connection) => {
  let dataDir: string;
  let adapter: WarehouseAdapter;
  let store: ExportFiles;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-native-export-'));
    if (warehouse === 'duckdb') await materializeJaffleDuckdb(join(dataDir, 'warehouses'));
    else await ensureJafflePostgres();
    adapter = createWarehouseAdapter(connection as WarehouseConnectionConfig, { dataDir, folder: dataDir });
    store = new ExportFiles({ dataDir, server: { siteUrl: 'http://quarry.test' } } as AppConfig);
  }, 180_000);
  afterAll(async () => {
    await adapter.close();
    await closeDuckDbInstances();
  });

  it.each(CASES.map((entry, index) => [entry.name, entry, index] as const))('%s', async (_name, entry, index) => {
    const expected = await jsFile(openExport(adapter, warehouse, entry), entry.layout);
    const opened = openExport(adapter, warehouse, entry);
    const jobId = `${warehouse}-${index}`;
    const written = await writeNativeCsv(opened, entry.layout, store, { jobId, projectUuid: 'p', contentType: 'text/csv' });
    if (written === undefined) throw new Error('An export of these columns must be written by the warehouse');
    const jsRun = openExport(adapter, warehouse, entry);
    await jsFile(jsRun, entry.layout);
    expect({ rows: written.rows, truncated: written.truncated }).toEqual(jsRun.count);
    expect(written.rows).toBeGreaterThan(0);
    await written.commit('export.csv');
    const directory = join(dataDir, 'files', 'exports', jobId);
    expect(readdirSync(directory)).toEqual(['export.csv']);
    expect(readFileSync(join(directory, 'export.csv')).toString('utf8')).toBe(expected.toString('utf8'));
  });
});
