import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';

import { type ApiResponse, call } from '../../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { MATRIX_ROLES, type MatrixRole, readmeRoleMatrix } from '../../support/readme-role-matrix';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, userWithToken } from '../../support/users';
import { ORDERS_BY_STATUS } from '../../support/valid-bodies';

const { baseUrl, adminToken, dataDir, organizationUuid } = sharedQuarry();

/** A transform folder in the organization's own folder, for the `project_dir` row. */
const LOCAL_PROJECT = 'projects/role-matrix-shop';
function writeLocalProject(): void {
  const dir = join(organizationDataFolder(dataDir, organizationUuid), LOCAL_PROJECT);
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), "name: matrix_shop\nversion: '1.0.0'\nprofile: matrix_shop\n");
  writeFileSync(
    join(dir, 'models', 'customers.yml'),
    'version: 2\nmodels:\n  - name: customers\n    columns:\n      - name: customer_id\n',
  );
}

/** What every request needs: the project, a public space in it, and a caller per role. */
interface Context {
  projectUuid: string;
  spaceUuid: string;
  /** A SQL chart an admin saved in the public space: whoever may view it may run it. */
  savedSqlUuid: string;
}

type Send = (context: Context, token: string) => Promise<ApiResponse>;

let counter = 0;
const unique = (label: string) => `${label}-${process.pid}-${(counter += 1)}`;

const TABLE_CALCULATION = { name: 'doubled', displayName: 'Doubled', sql: '${orders.unique_order_count} * 2' };
const TEMPLATE_CALCULATION = {
  name: 'share',
  displayName: 'Share',
  template: { type: 'percent_of_column_total', fieldId: 'orders_unique_order_count' },
};
const DIMENSION_METRIC = {
  name: 'largest_amount',
  label: 'Largest amount',
  type: 'max',
  sql: '${orders.amount}',
  table: 'orders',
  baseDimensionName: 'amount',
};
const SQL_METRIC = { name: 'doubled_amount', label: 'Doubled amount', type: 'sum', sql: '${TABLE}.amount * 2', table: 'orders' };
const SQL_DIMENSION = {
  id: 'upper_status',
  name: 'Upper status',
  table: 'orders',
  type: 'sql',
  sql: 'UPPER(${orders.status})',
  dimensionType: 'string',
};

const withTableCalculation = { ...ORDERS_BY_STATUS, tableCalculations: [TABLE_CALCULATION] };
const withTemplateCalculation = { ...ORDERS_BY_STATUS, tableCalculations: [TEMPLATE_CALCULATION] };
const withDimensionMetric = { ...ORDERS_BY_STATUS, metrics: ['orders_largest_amount'], additionalMetrics: [DIMENSION_METRIC] };
const withSqlMetric = { ...ORDERS_BY_STATUS, metrics: ['orders_doubled_amount'], additionalMetrics: [SQL_METRIC] };
const withSqlDimension = { ...ORDERS_BY_STATUS, dimensions: ['upper_status'], sorts: [], customDimensions: [SQL_DIMENSION] };
const EXPORT_LAYOUT = { columnOrder: [], showTableNames: false, onlyRaw: true };

const explore = (context: Context, action: string) => `/api/v1/projects/${context.projectUuid}/explores/orders/${action}`;
const post = (path: string, token: string, body: unknown) => call(baseUrl, 'POST', path, { token, body });

function chart(context: Context, metricQuery: Record<string, unknown>) {
  return {
    name: unique('Matrix chart'),
    tableName: 'orders',
    metricQuery,
    chartConfig: { type: 'table', config: {} },
    tableConfig: { columnOrder: [] },
    spaceUuid: context.spaceUuid,
  };
}

/** Each row of the README's role matrix, as the request a caller of each role sends. */
const PROJECT_REQUESTS: Record<string, Send> = {
  'E4 runQuery with a template table calculation': (c, token) => post(explore(c, 'runQuery'), token, withTemplateCalculation),
  'E4 runQuery with a SQL table calculation': (c, token) => post(explore(c, 'runQuery'), token, withTableCalculation),
  'E4 runQuery with a custom metric derived from a dimension': (c, token) => post(explore(c, 'runQuery'), token, withDimensionMetric),
  'E4 runQuery with a custom metric with its own SQL': (c, token) => post(explore(c, 'runQuery'), token, withSqlMetric),
  'E4 runQuery with a custom SQL dimension': (c, token) => post(explore(c, 'runQuery'), token, withSqlDimension),
  'E5 compileQuery with a custom SQL dimension': (c, token) => post(explore(c, 'compileQuery'), token, withSqlDimension),
  'E6 downloadCsv with a SQL table calculation': (c, token) =>
    post(explore(c, 'downloadCsv'), token, { ...withTableCalculation, ...EXPORT_LAYOUT }),
  'E6 downloadCsv with a custom SQL dimension': (c, token) =>
    post(explore(c, 'downloadCsv'), token, { ...withSqlDimension, ...EXPORT_LAYOUT }),
  'E12 v2 metric-query with a SQL table calculation': (c, token) =>
    post(`/api/v2/projects/${c.projectUuid}/query/metric-query`, token, { query: withTableCalculation }),
  'E12 v2 metric-query with a custom SQL dimension': (c, token) =>
    post(`/api/v2/projects/${c.projectUuid}/query/metric-query`, token, { query: withSqlDimension }),
  'Save a chart with a template table calculation': (c, token) =>
    post(`/api/v1/projects/${c.projectUuid}/saved`, token, chart(c, withTemplateCalculation)),
  'Save a chart with a SQL table calculation': (c, token) =>
    post(`/api/v1/projects/${c.projectUuid}/saved`, token, chart(c, withTableCalculation)),
  'Save a chart with a custom SQL dimension': (c, token) =>
    post(`/api/v1/projects/${c.projectUuid}/saved`, token, chart(c, withSqlDimension)),
  'Save a SQL chart (`sql`)': (c, token) =>
    post(`/api/v1/projects/${c.projectUuid}/sqlRunner/saved`, token, {
      name: unique('Matrix SQL chart'),
      sql: 'SELECT 1',
      limit: 10,
      config: { type: 'table' },
      spaceUuid: c.spaceUuid,
    }),
  'Run ad-hoc SQL in the SQL runner': (c, token) =>
    post(`/api/v1/projects/${c.projectUuid}/sqlRunner/run`, token, { sql: 'SELECT 1 AS one', limit: 10 }),
  'Run a saved SQL chart through the SQL runner': (c, token) =>
    call(baseUrl, 'GET', `/api/v1/projects/${c.projectUuid}/sqlRunner/saved/${c.savedSqlUuid}/results-job`, { token }),
  'Upload a chart as code with a custom SQL dimension': (c, token) => {
    const slug = unique('matrix-as-code');
    const { spaceUuid: _space, ...body } = chart(c, withSqlDimension);
    return post(`/api/v1/projects/${c.projectUuid}/charts/${slug}/code`, token, {
      ...body,
      slug,
      spaceSlug: 'role_matrix',
      publicSpaceCreate: true,
    });
  },
};

/** Requests whose permission is the caller's organization role (creating projects). */
const ORGANIZATION_REQUESTS: Record<string, Send> = {
  'E15 create a project on a DuckDB `path`': (_c, token) =>
    post('/api/v1/org/projects', token, {
      name: unique('Matrix'),
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
      transformConnection: { type: 'none' },
    }),
  'E15 create a project on a local transform `project_dir`': (_c, token) =>
    post('/api/v1/org/projects', token, {
      name: unique('Matrix'),
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
      transformConnection: { type: 'transform', project_dir: LOCAL_PROJECT },
    }),
  'E15 create a preview project on a DuckDB `path`': (c, token) =>
    post('/api/v1/org/projects', token, {
      name: unique('Matrix preview'),
      type: 'PREVIEW',
      upstreamProjectUuid: c.projectUuid,
      transformVersion: 'v1.7',
      warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
      transformConnection: { type: 'none' },
    }),
};

const matrix = readmeRoleMatrix();

describe('Role matrix (README "Role matrix"): who may send SQL fragments and paths', () => {
  const context = {} as Context;
  const projectMembers = {} as Record<MatrixRole, Member>;
  const organizationMembers = {} as Record<MatrixRole, Member>;
  let outsider: Member;

  beforeAll(async () => {
    writeLocalProject();
    context.projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    const space = await post(`/api/v1/projects/${context.projectUuid}/spaces`, adminToken, {
      name: unique('Matrix space'),
      isPrivate: false,
    });
    if (space.status !== 200) throw new Error(`create space: ${JSON.stringify(space.body)}`);
    context.spaceUuid = space.body.results.uuid;
    const saved = await post(`/api/v1/projects/${context.projectUuid}/sqlRunner/saved`, adminToken, {
      name: unique('Matrix saved SQL chart'),
      sql: 'SELECT 1 AS one',
      limit: 10,
      config: { type: 'table' },
      spaceUuid: context.spaceUuid,
    });
    if (saved.status !== 200) throw new Error(`save SQL chart: ${JSON.stringify(saved.body)}`);
    context.savedSqlUuid = saved.body.results.savedSqlUuid;
    for (const role of MATRIX_ROLES) {
      const member = await userWithToken('member');
      const granted = await post(`/api/v1/projects/${context.projectUuid}/access`, adminToken, { userUuid: member.userUuid, role });
      if (granted.status !== 200) throw new Error(`grant ${role}: ${JSON.stringify(granted.body)}`);
      projectMembers[role] = member;
      organizationMembers[role] = await userWithToken(role);
    }
    outsider = await userWithToken('member');
  });

  it('has a request for every row of the README, and a row for every request', () => {
    const documented = matrix.map((row) => row.request).sort();
    expect(documented).toEqual([...Object.keys(PROJECT_REQUESTS), ...Object.keys(ORGANIZATION_REQUESTS)].sort());
  });

  it.each(matrix.map((row) => [row.request, row] as const))('%s', async (request, row) => {
    const outcomes: Record<string, number> = {};
    const expected: Record<string, number> = {};
    const project = PROJECT_REQUESTS[request];
    for (const role of MATRIX_ROLES) {
      const response = project
        ? await project(context, projectMembers[role].token)
        : await ORGANIZATION_REQUESTS[request]?.(context, organizationMembers[role].token);
      outcomes[role] = response?.status ?? 0;
      expected[role] = row.allowed[role] ? 200 : 403;
      // On a mismatch, say what the service answered.
      if (outcomes[role] !== expected[role]) outcomes[`${role} answer`] = response?.body?.error?.message ?? response?.body?.status;
    }
    if (project) {
      // A member without a role in the project cannot tell that the project exists.
      outcomes['outsider'] = (await project(context, outsider.token)).status;
      expected['outsider'] = 404;
    }
    expect(outcomes).toEqual(expected);
  });
});
