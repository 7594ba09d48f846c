import { randomUUID } from 'node:crypto';

import { jaffleManifestWithCatalogMeta } from '@quarry/testing';

import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { type Shape, shapeMismatches } from '../support/spec-shape';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken } = sharedQuarry();

/** CatalogEntry as the spec's resource table lists it. */
const CATALOG_ENTRY: Shape = {
  name: 'string',
  label: 'string',
  description: 'string?',
  tableLabel: 'string',
  tableGroupLabel: 'string?',
  tableName: 'string',
  catalogSearchUuid: 'string',
  fieldType: 'string',
  fieldValueType: 'string',
  basicType: 'string',
  type: 'string',
  requiredAttributes: 'object',
  searchRank: 'number',
  aiHints: 'array?',
  icon: 'object?',
  chartUsage: 'number',
  categories: [{ name: 'string', color: 'string', tagUuid: 'string', yamlReference: 'string' }],
  tags: ['string'],
};

const METRICS_CATALOG: Shape = {
  pagination: { page: 'number', pageSize: 'number', totalResults: 'number', totalPageCount: 'number' },
  data: [CATALOG_ENTRY],
};

const TABLE_METADATA: Shape = {
  name: 'string',
  label: 'string',
  description: 'string?',
  tableLabel: 'string',
  source: 'string?',
  modelName: 'string',
  fieldType: 'string?',
  joinedTables: ['string'],
  fields: [CATALOG_ENTRY],
};

type Entry = {
  name: string;
  tableName: string;
  searchRank: number;
  categories: Array<{ tagUuid: string; yamlReference: string; color: string }>;
};

describe('data catalog (E8, E9) on the jaffle-shop fixture', () => {
  let projectUuid: string;
  const metrics = (query: string, token = adminToken) =>
    call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dataCatalog/metrics${query}`, { token });
  const names = async (query: string): Promise<string[]> => (await metrics(query)).body.results.data.map((entry: Entry) => entry.name);

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb, jaffleManifestWithCatalogMeta());
  });

  it('answers the spec shapes in the envelope (contract)', async () => {
    const list = await metrics('?page=1&pageSize=5');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe('ok');
    expect(shapeMismatches(list.body.results, METRICS_CATALOG)).toEqual([]);
    expect(list.body.results.data).toHaveLength(5);

    const table = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dataCatalog/orders/metadata`, { token: adminToken });
    expect(table.status).toBe(200);
    expect(table.body.status).toBe('ok');
    expect(shapeMismatches(table.body.results, TABLE_METADATA)).toEqual([]);
    expect(table.body.results).toMatchObject({ name: 'orders', modelName: 'orders', joinedTables: ['customers'] });
    expect(table.body.results.fields.map((field: Entry) => field.name)).toEqual(
      expect.arrayContaining(['order_date', 'status', 'total_order_amount']),
    );
  });

  it('returns the expected metric first for name, label and description searches', async () => {
    expect((await names('?search=unique_payment_count'))[0]).toBe('unique_payment_count');
    expect((await names(`?search=${encodeURIComponent('Total order amount')}`))[0]).toBe('total_order_amount');
    expect(await names(`?search=${encodeURIComponent('Sum of all payments')}`)).toEqual(['total_revenue']);
    const ranked = (await metrics('?search=payment')).body.results.data as Entry[];
    const order = ranked.map((entry) => entry.name);
    expect(order.indexOf('unique_payment_count')).toBeLessThan(order.indexOf('total_revenue'));
    expect(ranked[0]?.searchRank).toBeGreaterThan(ranked[ranked.length - 1]?.searchRank ?? Infinity);
  });

  it('pages with exact totals and sorts asc and desc', async () => {
    const all = await names('?sort=name&order=asc');
    expect(all.length).toBeGreaterThan(10);
    expect(await names('?sort=name&order=desc')).toEqual([...all].reverse());
    const pageSize = 4;
    const seen: string[] = [];
    const pageCount = Math.ceil(all.length / pageSize);
    for (let page = 1; page <= pageCount; page += 1) {
      const response = await metrics(`?sort=name&order=asc&page=${page}&pageSize=${pageSize}`);
      expect(response.body.results.pagination).toEqual({ page, pageSize, totalResults: all.length, totalPageCount: pageCount });
      seen.push(...response.body.results.data.map((entry: Entry) => entry.name));
    }
    expect(seen).toEqual(all);
  });

  it('leaves out hidden metrics and those requiring attributes, filters by category and table', async () => {
    const all = await names('');
    expect(all).not.toContain('average_order_size');
    expect(all).not.toContain('unique_order_count');
    const amount = ((await metrics('?search=total_order_amount')).body.results.data as Entry[])[0];
    const finance = amount?.categories.find((category) => category.yamlReference === 'finance');
    expect(finance?.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await names(`?categories=${finance?.tagUuid}`)).toEqual(['total_order_amount']);
    expect(await names('?tables=payments')).toEqual(['total_revenue', 'unique_payment_count']);
  });

  it('counts the saved charts using each metric (chartUsage), from their latest version', async () => {
    const space = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, {
      token: adminToken,
      body: { name: 'Catalog usage' },
    });
    expect(space.status).toBe(200);
    const chart = (name: string, metrics: string[]) => ({
      name,
      tableName: 'orders',
      metricQuery: {
        exploreName: 'orders',
        dimensions: ['orders_status'],
        metrics,
        filters: {},
        sorts: [],
        limit: 10,
        tableCalculations: [],
      },
      chartConfig: { type: 'table', config: {} },
      tableConfig: { columnOrder: [] },
      spaceUuid: space.body.results.uuid,
    });
    const usage = async () => {
      const entries = (await metrics('?pageSize=100')).body.results.data as Array<Entry & { chartUsage: number }>;
      return Object.fromEntries(entries.filter((entry) => entry.tableName === 'orders').map((entry) => [entry.name, entry.chartUsage]));
    };
    expect(Object.values(await usage()).every((count) => count === 0)).toBe(true);
    const first = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
      token: adminToken,
      body: chart('Both', ['orders_total_order_amount', 'orders_unique_order_count']),
    });
    expect(first.status).toBe(200);
    expect(
      (
        await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
          token: adminToken,
          body: chart('Amount', ['orders_total_order_amount']),
        })
      ).status,
    ).toBe(200);
    expect(await usage()).toMatchObject({ total_order_amount: 2 });
    // A new version without the metric stops counting the chart.
    const { name: _name, spaceUuid: _space, ...content } = chart('Both', ['orders_unique_order_count']);
    const version = await call(baseUrl, 'POST', `/api/v1/saved/${first.body.results.uuid}/version`, { token: adminToken, body: content });
    expect(version.status).toBe(200);
    expect(await usage()).toMatchObject({ total_order_amount: 1 });
  });

  it('replaces the index when the project compiles again', async () => {
    const before = (await metrics('?sort=name')).body.results.data as Entry[];
    const tagsBefore = before.flatMap((entry) => entry.categories.map((category) => category.tagUuid));
    const refresh = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/refresh`, { token: adminToken });
    expect(refresh.status).toBe(200);
    await waitFor('recompile', async () => {
      const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${refresh.body.results.jobId}/status`, { token: adminToken });
      return status.body.results?.status === 'completed' ? true : undefined;
    });
    const after = (await metrics('?sort=name')).body.results.data as Entry[];
    expect(after.map((entry) => entry.name)).toEqual(before.map((entry) => entry.name));
    expect(after.flatMap((entry) => entry.categories.map((category) => category.tagUuid))).toEqual(tagsBefore);
  });

  it('answers 400 naming bad parameters, 404 for unknown tables, and lets viewers read', async () => {
    const badQueries = [
      ['?order=up', 'order'],
      ['?pageSize=0', 'pageSize'],
      ['?sort=colour', 'sort'],
      ['?categories=nope', 'categories'],
      ['?categoriesFilterMode=some', 'categoriesFilterMode'],
    ] as const;
    for (const [query, field] of badQueries) {
      const response = await metrics(query);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.error.data)).toContain(field);
    }
    const missing = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dataCatalog/nope/metadata`, { token: adminToken });
    expect(missing.status).toBe(404);
    const unknownProject = await call(baseUrl, 'GET', `/api/v1/projects/${randomUUID()}/dataCatalog/metrics`, { token: adminToken });
    expect(unknownProject.status).toBe(404);
    const viewer = await userWithToken('viewer');
    expect((await metrics('', viewer.token)).status).toBe(200);
    expect((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/dataCatalog/metrics`)).status).toBe(401);
  });
});
