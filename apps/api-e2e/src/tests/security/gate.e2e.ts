import { type ApiResponse, call } from '../../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { type Member, PROJECT_MEMBER_ROLES, type ProjectMemberRole, userWithToken } from '../../support/users';
import { ORDERS_BY_STATUS } from '../../support/valid-bodies';

/**
 * The gate for user SQL fragments (issue 31, Finding 1 and the "User SQL fragments" invariant):
 * every entry point that takes a metric query — runQuery, compileQuery, v2 query, CSV and sheet
 * exports, saved charts, a dashboard's chart tiles, charts as code — refuses SQL fragments to
 * callers whose role the reference does not allow them (SQL custom dimensions, SQL table
 * calculations, custom metrics with SQL of their own: developer), and refuses from anyone a
 * fragment that is not exactly one expression, with a 400 naming the field.
 */
const { baseUrl, adminToken } = sharedQuarry();

const BASE = ORDERS_BY_STATUS;

/** One fragment of each kind, harmless: who may send it is the whole question. */
const LEGIT = {
  sqlTableCalculation: {
    ...BASE,
    tableCalculations: [{ name: 'doubled', displayName: 'Doubled', sql: '${orders.unique_order_count} * 2' }],
  },
  sqlCustomDimension: {
    ...BASE,
    dimensions: ['upper_status'],
    sorts: [],
    customDimensions: [
      { id: 'upper_status', name: 'Upper status', table: 'orders', type: 'sql', sql: 'UPPER(${orders.status})', dimensionType: 'string' },
    ],
  },
  rawSqlMetric: {
    ...BASE,
    metrics: ['orders_amount_doubled'],
    additionalMetrics: [{ name: 'amount_doubled', table: 'orders', type: 'sum', sql: '${TABLE}.amount * 2' }],
  },
  // Picked from a list or derived from a dimension: no SQL of the caller's own.
  templateCalculation: {
    ...BASE,
    tableCalculations: [
      { name: 'ranked', displayName: 'Ranked', template: { type: 'rank_in_column', fieldId: 'orders_unique_order_count' } },
    ],
  },
  dimensionMetric: {
    ...BASE,
    metrics: ['orders_amount_max'],
    additionalMetrics: [{ name: 'amount_max', table: 'orders', type: 'max', sql: '${orders.amount}', baseDimensionName: 'amount' }],
  },
};
type Kind = keyof typeof LEGIT;
type SqlKind = 'sqlTableCalculation' | 'sqlCustomDimension' | 'rawSqlMetric';
const SQL_KINDS: SqlKind[] = ['sqlTableCalculation', 'sqlCustomDimension', 'rawSqlMetric'];
const PLAIN_KINDS: Kind[] = ['templateCalculation', 'dimensionMetric'];
const isSqlKind = (kind: Kind): kind is SqlKind => (SQL_KINDS as Kind[]).includes(kind);

/** Where each SQL kind's fragment lives in a metric query, and a query carrying `sql` there. */
const FIELD: Record<SqlKind, string> = {
  sqlTableCalculation: 'tableCalculations[0].sql',
  sqlCustomDimension: 'customDimensions[0].sql',
  rawSqlMetric: 'additionalMetrics[0].sql',
};
function withFragment(kind: SqlKind, sql: string): Record<string, unknown> {
  const query = LEGIT[kind] as Record<string, unknown>;
  const [key] = FIELD[kind].split('[') as [string];
  const [first] = query[key] as Array<Record<string, unknown>>;
  return { ...query, [key]: [{ ...first, sql }] };
}

/** Not one expression, each in its own way; all are refused before any SQL runs. */
const HOSTILE = [
  '1; SELECT 1',
  '1) AS x FROM jaffle.orders; --',
  "-- '\n1",
  "length(/* /* */ ' */ '",
  '1 /* a comment */',
  '1)) , ((2',
  "'unterminated",
  '$$;$$',
  '$1',
  '1 -- the rest of the line',
];

type Outcome = 200 | 400 | 403;
interface EntryPoint {
  name: string;
  /** The role the endpoint itself needs (before any fragment). */
  base: ProjectMemberRole;
  /** Status of an allowed request (a sheet export is a 400 "not configured" once it passed every check). */
  allowed?: Outcome;
  /** Where the metric query sits in the body, to find the field named in the error. */
  prefix: string;
  send(query: Record<string, unknown>, caller: Member): Promise<ApiResponse>;
}

const RANK: Record<ProjectMemberRole, number> = { viewer: 0, interactive_viewer: 1, editor: 2, developer: 3, admin: 4 };
const atLeast = (role: ProjectMemberRole, minimum: ProjectMemberRole) => RANK[role] >= RANK[minimum];

let projectUuid: string;
let publicSpace: string;
const byRole = {} as Record<ProjectMemberRole, Member>;
let counter = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${(counter += 1)}`;

const chartBody = (query: Record<string, unknown>) => ({
  name: unique('Gate chart'),
  tableName: 'orders',
  metricQuery: query,
  chartConfig: { type: 'table', config: {} },
  tableConfig: { columnOrder: [] },
  spaceUuid: publicSpace,
});

const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'runQuery (E4)',
    base: 'interactive_viewer',
    prefix: '',
    send: (query, caller) =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: caller.token, body: query }),
  },
  {
    name: 'compileQuery (E5)',
    base: 'viewer',
    prefix: '',
    send: (query, caller) =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/compileQuery`, { token: caller.token, body: query }),
  },
  {
    name: 'v2 metric-query (E12)',
    base: 'interactive_viewer',
    prefix: 'query.',
    send: (query, caller) =>
      call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, { token: caller.token, body: { query } }),
  },
  {
    name: 'downloadCsv (E6)',
    base: 'interactive_viewer',
    prefix: '',
    send: (query, caller) =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: caller.token,
        body: { ...query, columnOrder: [], showTableNames: false, onlyRaw: true },
      }),
  },
  {
    name: 'upload-sheet (E7)',
    base: 'interactive_viewer',
    allowed: 400,
    prefix: 'metricQuery.',
    send: (query, caller) =>
      call(baseUrl, 'POST', '/api/v1/drive/upload-sheet', {
        token: caller.token,
        body: {
          projectUuid,
          exploreId: 'orders',
          metricQuery: query,
          columnOrder: [],
          showTableNames: false,
          hiddenFields: [],
          customLabels: {},
        },
      }),
  },
  {
    name: 'save a chart',
    base: 'editor',
    prefix: 'metricQuery.',
    send: (query, caller) =>
      call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, { token: caller.token, body: chartBody(query) }),
  },
  {
    name: 'save a chart version',
    base: 'editor',
    prefix: 'metricQuery.',
    send: async (query, caller) => {
      const chart = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, { token: adminToken, body: chartBody(BASE) });
      const { name: _name, spaceUuid: _space, ...content } = chartBody(query);
      return call(baseUrl, 'POST', `/api/v1/saved/${chart.body.results.uuid}/version`, { token: caller.token, body: content });
    },
  },
  {
    name: 'upload a chart as code (E14)',
    base: 'developer',
    prefix: 'metricQuery.',
    send: (query, caller) => {
      const { spaceUuid: _space, ...body } = chartBody(query);
      return call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/charts/${unique('gate-code')}/code`, {
        token: caller.token,
        body: { ...body, spaceSlug: 'gate_as_code', publicSpaceCreate: true },
      });
    },
  },
];

/** What the gate answers `role` for a query with a fragment of `kind` on `entry`. */
function expected(entry: EntryPoint, role: ProjectMemberRole, kind: Kind): Outcome {
  if (!atLeast(role, entry.base)) return 403;
  if (isSqlKind(kind) && !atLeast(role, 'developer')) return 403;
  return entry.allowed ?? 200;
}

beforeAll(async () => {
  projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
  for (const role of PROJECT_MEMBER_ROLES) {
    const member = await userWithToken('member');
    const granted = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
      token: adminToken,
      body: { userUuid: member.userUuid, role },
    });
    if (granted.status !== 200) throw new Error(`could not grant ${role}: ${JSON.stringify(granted.body)}`);
    byRole[role] = member;
  }
  const space = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/spaces`, {
    token: adminToken,
    body: { name: unique('Gate'), isPrivate: false },
  });
  publicSpace = space.body.results.uuid;
}, 120_000);

describe('User SQL gate: the role each fragment needs, on every entry point (rule table)', () => {
  it.each(ENTRY_POINTS.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const table: string[] = [];
    const wanted: string[] = [];
    for (const role of PROJECT_MEMBER_ROLES) {
      for (const kind of [...SQL_KINDS, ...PLAIN_KINDS]) {
        const response = await entry.send(LEGIT[kind], byRole[role]);
        table.push(`${role} ${kind}: ${response.status}${response.status >= 400 ? ` ${response.body.error?.name}` : ''}`);
        const outcome = expected(entry, role, kind);
        // A sheet export that passed the gate stops at the missing Sheets configuration.
        const detail = outcome === 403 ? ' ForbiddenError' : outcome === 400 ? ' ParameterError' : '';
        wanted.push(`${role} ${kind}: ${outcome}${detail}`);
      }
    }
    expect(table).toEqual(wanted);
  });
});

describe('User SQL gate: a fragment must be exactly one expression (400 naming the field)', () => {
  it.each(ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s refuses every hostile fragment of every kind, for developers and admins',
    async (_name, entry) => {
      const failures: string[] = [];
      for (const role of ['developer', 'admin'] as const) {
        if (!atLeast(role, entry.base)) continue;
        for (const kind of SQL_KINDS) {
          for (const sql of HOSTILE) {
            const response = await entry.send(withFragment(kind, sql), byRole[role]);
            const field = `${entry.prefix}${FIELD[kind]}`;
            if (response.status !== 400 || response.body.error?.name !== 'ValidationError' || !response.body.error?.data?.[field]) {
              failures.push(
                `${role} ${kind} ${JSON.stringify(sql)}: ${response.status} ${JSON.stringify(response.body.error ?? response.body.results).slice(0, 200)}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('non-developers are refused a hostile fragment for their role first (403), before its text is judged', async () => {
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: byRole.interactive_viewer.token,
      body: withFragment('sqlTableCalculation', '1; SELECT 1'),
    });
    expect([response.status, response.body.error?.name]).toEqual([403, 'ForbiddenError']);
  });
});

describe("User SQL gate: a dashboard's chart tile carrying SQL runs only for callers allowed that SQL", () => {
  it('each role runs the tile of a chart saved with a SQL table calculation (E12 with dashboard filters)', async () => {
    const board = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/dashboards`, {
      token: adminToken,
      body: { name: unique('Gate board'), spaceUuid: publicSpace, tiles: [], tabs: [] },
    });
    expect(board.status).toBe(201);
    const chart = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/saved`, {
      token: adminToken,
      body: { ...chartBody(LEGIT.sqlTableCalculation), spaceUuid: undefined, dashboardUuid: board.body.results.uuid },
    });
    expect(chart.status).toBe(200);
    const outcomes: Record<string, number> = {};
    for (const role of PROJECT_MEMBER_ROLES) {
      const saved = await call(baseUrl, 'GET', `/api/v1/saved/${chart.body.results.uuid}`, { token: byRole[role].token });
      expect(saved.status).toBe(200);
      const run = await call(baseUrl, 'POST', `/api/v2/projects/${projectUuid}/query/metric-query`, {
        token: byRole[role].token,
        body: {
          query: saved.body.results.metricQuery,
          context: 'dashboardView',
          dashboardFilters: { dimensions: [], metrics: [], tableCalculations: [] },
        },
      });
      outcomes[role] = run.status;
    }
    expect(outcomes).toEqual({ viewer: 403, interactive_viewer: 403, editor: 403, developer: 200, admin: 200 });
  });
});

describe('Finding 1: SQL injection through the PostgreSQL CSV export (the fragments that hid a placeholder)', () => {
  let pgProject: string;
  beforeAll(async () => {
    pgProject = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
  }, 120_000);

  // The finding's pair: PostgreSQL nests block comments, so the metric's `*/` does not end its
  // comment; the calculation's `-- '` line comment then hides a quote from Quarry's view.
  const attack = {
    ...BASE,
    dimensions: ['orders_status'],
    metrics: ['orders_x'],
    additionalMetrics: [{ name: 'x', table: 'orders', type: 'max', sql: "length(/* /* */ ' */ '" }],
    tableCalculations: [{ name: 'y', displayName: 'y', sql: "-- '\n1" }],
    filters: {
      dimensions: {
        id: 'g',
        and: [
          {
            id: 'r',
            target: { fieldId: 'orders_status' },
            operator: 'equals',
            values: ["') ; CREATE TABLE jaffle.gate_pwned (x int); --"],
          },
        ],
      },
    },
  };

  it.each([
    ['downloadCsv', 'explores/orders/downloadCsv', { ...attack, columnOrder: [], showTableNames: false, onlyRaw: true, csvLimit: null }],
    ['runQuery', 'explores/orders/runQuery', attack],
  ] as const)('%s: an admin sending the pair is refused at the gate, naming the fields', async (_name, path, body) => {
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${pgProject}/${path}`, { token: adminToken, body });
    expect(response.status).toBe(400);
    expect(response.body.error.name).toBe('ValidationError');
    expect(Object.keys(response.body.error.data)).toEqual(expect.arrayContaining(['additionalMetrics[0].sql', 'tableCalculations[0].sql']));
  });

  it('an interactive viewer sending the pair is refused for their role', async () => {
    const viewer = await userWithToken('interactive_viewer');
    const response = await call(baseUrl, 'POST', `/api/v1/projects/${pgProject}/explores/orders/downloadCsv`, {
      token: viewer.token,
      body: { ...attack, columnOrder: [], showTableNames: false, onlyRaw: true },
    });
    expect([response.status, response.body.error?.name]).toEqual([403, 'ForbiddenError']);
  });
});
