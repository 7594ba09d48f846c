import {
  type ChdbHttpServer,
  JAFFLE_CLICKHOUSE_DATABASE,
  jaffleManifest,
  loadJaffleClickHouse,
  startChdbHttpServer,
} from '@quarry/testing';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';

import { call } from '../support/api-client';
import { compiledJaffleProject } from '../support/jaffle-projects';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';

const { baseUrl, adminToken } = sharedQuarry();

type Row = Record<string, { value: { raw: unknown; formatted: string } }>;

const byStatus = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
  filters: {},
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 500,
  tableCalculations: [],
};

/** The manifest as dbt-clickhouse writes it: ClickHouse has no level above the database, so relations are two-part. */
function clickHouseManifest(): Record<string, unknown> {
  const manifest = jaffleManifest() as {
    nodes: Record<string, { database?: string | null; schema: string; alias?: string; name: string; relation_name?: string }>;
  };
  for (const node of Object.values(manifest.nodes)) {
    node.database = null;
    if (node.relation_name) node.relation_name = `\`${node.schema}\`.\`${node.alias ?? node.name}\``;
  }
  return manifest;
}

/** The same figures computed by hand on the PostgreSQL copy of the fixture. */
async function expectedByStatus(): Promise<unknown[][]> {
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const sql = 'SELECT status, SUM(amount)::float, COUNT(DISTINCT order_id)::int FROM jaffle.orders GROUP BY status ORDER BY status';
    return (await client.query({ text: sql, rowMode: 'array' })).rows as unknown[][];
  } finally {
    await client.end();
  }
}

const cells = (rows: Row[]) =>
  rows.map((row) => [
    row['orders_status']?.value.raw,
    row['orders_total_order_amount']?.value.raw,
    row['orders_unique_order_count']?.value.raw,
  ]);

// Issue 32: a ClickHouse project, created through E15, on a real ClickHouse (chDB behind its HTTP interface).
describe('a ClickHouse project on a live ClickHouse (chDB)', () => {
  let server: ChdbHttpServer;
  let projectUuid: string;
  let expected: unknown[][];

  beforeAll(async () => {
    server = await startChdbHttpServer();
    await loadJaffleClickHouse(server);
    expected = await expectedByStatus();
    projectUuid = await compiledJaffleProject(
      {
        type: 'clickhouse',
        host: server.host,
        port: server.port,
        user: server.user,
        password: server.password,
        schema: JAFFLE_CLICKHOUSE_DATABASE,
        secure: false,
      },
      clickHouseManifest(),
    );
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  it('compiles the explores against the ClickHouse catalog with two-part relations', async () => {
    const explore = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/explores/orders`, { token: adminToken });
    expect(explore.status).toBe(200);
    expect(explore.body.results.tables.orders.sqlTable).toBe('`jaffle`.`orders`');
  });

  it('answers runQuery (E4) with the figures of the hand-written SQL', async () => {
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: adminToken,
      body: byStatus,
    });
    expect(response.status).toBe(200);
    expect(cells(response.body.results.rows)).toEqual(expected);
  });

  it('answers a v2 metric query (E12)', async () => {
    const executed = await call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      token: adminToken,
      body: { query: byStatus, context: 'api', invalidateCache: true },
    });
    expect(executed.status).toBe(200);
    const { queryUuid } = executed.body.results;
    const results = await waitFor(`query ${queryUuid}`, async () => {
      const response = await call(baseUrl, 'GET', `/api/v2/projects/${projectUuid}/query/${queryUuid}`, { token: adminToken });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
      if (response.body.results.status === 'error') throw new Error(response.body.results.error);
      return response.body.results.status === 'ready' ? response.body.results : undefined;
    });
    expect(cells(results.rows)).toEqual(expected);
  });

  it('exports the query as CSV (E6)', async () => {
    const started = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
      token: adminToken,
      body: {
        ...byStatus,
        onlyRaw: true,
        showTableNames: false,
        columnOrder: ['orders_status', 'orders_total_order_amount', 'orders_unique_order_count'],
      },
    });
    expect(started.status).toBe(200);
    const job = await waitFor(`job ${started.body.results.jobId}`, async () => {
      const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${started.body.results.jobId}/status`, { token: adminToken });
      if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
      return status.body.results?.status === 'completed' ? status.body.results : undefined;
    });
    const file = await fetch(`${baseUrl}${new URL(job.details.fileUrl).pathname}`, { headers: { authorization: `ApiKey ${adminToken}` } });
    expect(file.status).toBe(200);
    const [header, ...body] = parse(await file.text(), { bom: true }) as string[][];
    expect(header).toHaveLength(3);
    expect(body.map(([status, amount, count]) => [status, Number(amount), Number(count)])).toEqual(expected);
  });
});
