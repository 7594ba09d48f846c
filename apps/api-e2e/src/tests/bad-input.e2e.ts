import { call } from '../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { sharedQuarry } from '../support/shared-quarry';
import { ORDERS_BY_STATUS } from '../support/valid-bodies';

const { baseUrl, adminToken } = sharedQuarry();

/**
 * Inputs that once answered 500 (issue 14): each must be a 400 whose error names the field, in
 * words that say what is wrong (never "undefined").
 */
let projectUuid: string;
let spaceUuid: string;

const routes = {
  E4: () => ({ method: 'POST', path: `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, wrap: (query: object) => query }),
  E5: () => ({ method: 'POST', path: `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, wrap: (query: object) => query }),
  E6: () => ({
    method: 'POST',
    path: `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`,
    wrap: (query: object) => ({ ...query, columnOrder: [], showTableNames: false, onlyRaw: true }),
  }),
  E12: () => ({ method: 'POST', path: `/api/v2/projects/${projectUuid}/query/metric-query`, wrap: (query: object) => ({ query }) }),
};
type Route = keyof typeof routes;

async function expect400Naming(route: Route, query: Record<string, unknown>, field: string): Promise<void> {
  const { method, path, wrap } = routes[route]();
  const response = await call(baseUrl, method, path, { token: adminToken, body: wrap({ ...ORDERS_BY_STATUS, ...query }) });
  const error = JSON.stringify(response.body?.error);
  expect([route, response.status, error]).toEqual([route, 400, expect.stringContaining(field)]);
  expect(error).not.toContain('undefined');
}

beforeAll(async () => {
  projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
  const space = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, {
    token: adminToken,
    body: { name: 'Bad input', isPrivate: false },
  });
  spaceUuid = space.body.results.uuid;
}, 120_000);

describe('bad input is a 400 naming the field, never a 500', () => {
  const zoomRoutes: Route[] = ['E4', 'E5', 'E12'];
  it.each(zoomRoutes.flatMap((route) => ['Fortnight', 123, null, ''].map((granularity) => [route, granularity] as const)))(
    '%s: dateZoom.granularity = %p',
    async (route, granularity) => {
      // E12 takes dateZoom inside the query (as the spec says); E4 and E5 beside the query fields.
      await expect400Naming(route, { dateZoom: { granularity } }, 'dateZoom.granularity');
    },
  );

  const filterRoutes: Route[] = ['E4', 'E5', 'E6', 'E12'];
  it.each(
    filterRoutes.flatMap((route) =>
      [null, 'oops', 7, [], { and: 'x' }, { or: [{ target: { fieldId: 'orders_status' }, operator: 'sounds like' }] }].map(
        (value) => [route, value] as const,
      ),
    ),
  )('%s: filters.dimensions = %p', async (route, value) => {
    await expect400Naming(route, { filters: { dimensions: value } }, 'filters.dimensions');
  });

  it.each(['x', [1], [{ target: 'status', operator: 'equals' }], [{ target: { fieldRef: 'status' }, operator: 'nope' }]])(
    'E4: additionalMetrics[0].filters = %p',
    async (filters) => {
      const metric = { name: 'big_orders', table: 'orders', type: 'count', sql: '${TABLE}.order_id', filters };
      await expect400Naming('E4', { additionalMetrics: [metric], metrics: ['orders_big_orders'] }, 'additionalMetrics.0.filters');
    },
  );

  it.each([{ name: null }, { isPrivate: null }, { name: 12 }, { isPrivate: 'yes' }])('E2: PATCH space %p', async (body) => {
    const response = await call(baseUrl, 'PATCH', `/api/v1/projects/${projectUuid}/spaces/${spaceUuid}`, { token: adminToken, body });
    const field = Object.keys(body)[0] as string;
    expect([response.status, JSON.stringify(response.body.error)]).toEqual([400, expect.stringContaining(field)]);
    // The space is unchanged and still readable.
    const space = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/spaces/${spaceUuid}`, { token: adminToken });
    expect(space.body.results).toMatchObject({ name: 'Bad input', isPrivate: false });
  });

  it('a missing exploreName says it is required, not how long it may be', async () => {
    const { exploreName: _missing, ...query } = ORDERS_BY_STATUS;
    const response = await call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
      token: adminToken,
      body: { query },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('query.exploreName is required');
    expect(response.body.error.data['query.exploreName'][0]).toBe('query.exploreName is required');
  });
});
