import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

import { call } from '../../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';
import { userWithToken } from '../../support/users';

/**
 * Finding 1 of issue 31 and the warehouse-layer invariants behind it, as an attacker runs them: an
 * interactive viewer's export of a PostgreSQL project, and user SQL fragments that try to write.
 */
const { baseUrl } = sharedQuarry();
const WAREHOUSE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function onWarehouse<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: WAREHOUSE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const tableExists = (name: string): Promise<boolean> =>
  onWarehouse(
    async (client) =>
      (await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [`public.${name}`])).rows[0]?.found != null,
  );

/** The job's end, whichever it is: an attacker's export may fail, but must never run their value. */
async function settledJob(token: string, jobId: string): Promise<{ status: string; details?: Record<string, unknown> }> {
  return waitFor(
    `job ${jobId}`,
    async () => {
      const response = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token });
      const status = response.body.results?.status as string | undefined;
      return status === 'completed' || status === 'error' ? response.body.results : undefined;
    },
    60_000,
  );
}

const byStatus = {
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: [],
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 10,
  filters: {},
  tableCalculations: [],
};
/** What makes the worker write the file with PostgreSQL's own `COPY … TO STDOUT`. */
const rawExport = { columnOrder: [], showTableNames: false, onlyRaw: true, csvLimit: null };

describe('security: PostgreSQL query and export sessions (issue 31, part pgcopy)', () => {
  let projectUuid: string;
  let viewer: { token: string };
  // SQL table calculations are developers' (the user SQL gate): they send the fragments that write.
  let developer: { token: string };
  const suffix = randomBytes(4).toString('hex');

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
    viewer = await userWithToken('interactive_viewer');
    developer = await userWithToken('developer');
  }, 90_000);

  describe('Finding 1: a filter value of an interactive viewer becomes SQL in the PostgreSQL CSV export', () => {
    /**
     * The issue's payload. The additional metric opens a nested comment that the old placeholder
     * finder closed one `*\/` too early; PostgreSQL then reads a string from its last quote up to the
     * first quote of the filter value's E'' literal, the value itself as SQL, and a string again up
     * to the table calculation's `-- '`. `$1` in the table calculation keeps the query valid for the
     * bound describe step (there the filter's `$1` sits inside that string). The value ends the
     * COPY, commits, creates a table, commits again, and starts a second COPY that absorbs the rest
     * of the text and fails (so the driver does not wait for a second copy stream).
     */
    const table = `pwned_${suffix}`;
    const value =
      ` || 1)) AS "orders_m1" FROM jaffle.orders GROUP BY 1) SELECT *, 1 AS tc FROM metrics) AS quarry_result) AS quarry_cells) TO STDOUT WITH (FORMAT csv);` +
      ` COMMIT; CREATE TABLE public.${table}(x int); COMMIT;` +
      ` COPY (SELECT * FROM public.no_such_relation_${suffix}, (SELECT 1 FROM (WITH metrics AS (SELECT 1 AS "orders_status", max(length(`;
    const attack = {
      ...byStatus,
      metrics: ['orders_m1'],
      sorts: [],
      additionalMetrics: [{ name: 'm1', label: 'M1', table: 'orders', type: 'max', sql: "length(/* /* */ ' */ '" }],
      tableCalculations: [
        {
          name: 'tc',
          displayName: 'TC',
          sql: `-- '\n || $1)) AS "orders_m1" FROM jaffle.orders GROUP BY 1), table_calculations AS (SELECT *, 1`,
        },
      ],
      filters: {
        dimensions: { id: 'root', and: [{ id: 'f1', target: { fieldId: 'orders_status' }, operator: 'equals', values: [value] }] },
      },
    };

    afterAll(() => onWarehouse((client) => client.query(`DROP TABLE IF EXISTS public.${table}`)));

    it('never runs the value: the export fails cleanly or writes data, and no table is created', async () => {
      const started = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: viewer.token,
        body: { ...attack, ...rawExport },
      });
      // A gate in front of the warehouse may refuse the fragments outright (4xx); a 5xx is never an answer.
      expect(started.status).toBeLessThan(500);
      if (started.status === 200) {
        const job = await settledJob(viewer.token, started.body.results.jobId);
        expect(['completed', 'error']).toContain(job.status);
      }
      expect(await tableExists(table)).toBe(false);
    });

    it('behind the gate too: the same value, in an export by a developer of fragments the gate lets through, stays a value', async () => {
      const fragments = {
        ...byStatus,
        tableCalculations: [{ name: 'tc', displayName: 'TC', sql: "length('*/ -- $1 ' || ${orders.status})" }],
      };
      const filters = attack.filters;
      const started = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: developer.token,
        body: { ...fragments, filters, ...rawExport },
      });
      expect(started.status).toBe(200);
      const job = await settledJob(developer.token, started.body.results.jobId);
      // The COPY ran with the value as a constant (it matches no status).
      expect(job.status).toBe('completed');
      expect(await tableExists(table)).toBe(false);
    });
  });

  describe('query and export sessions are read-only: a user SQL fragment that writes is refused', () => {
    const sequence = `quarry_seq_${suffix}`;
    const writingQuery = () => ({
      ...byStatus,
      tableCalculations: [{ name: 'n', displayName: 'N', sql: `nextval('public.${sequence}')` }],
    });
    const lastValue = () =>
      onWarehouse(
        async (client) =>
          (await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM public.${sequence}`)).rows[0],
      );

    beforeAll(() => onWarehouse((client) => client.query(`CREATE SEQUENCE public.${sequence}`)));
    afterAll(() => onWarehouse((client) => client.query(`DROP SEQUENCE IF EXISTS public.${sequence}`)));

    it('on runQuery: nextval() in a table calculation fails and the sequence does not move', async () => {
      const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
        token: developer.token,
        body: writingQuery(),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(JSON.stringify(response.body)).toMatch(/read-only transaction/);
      expect(await lastValue()).toEqual({ last_value: '1', is_called: false });
    });

    it('on a raw CSV export (COPY … TO STDOUT): the job fails and the sequence does not move', async () => {
      const started = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: developer.token,
        body: { ...writingQuery(), ...rawExport },
      });
      expect(started.status).toBe(200);
      const job = await settledJob(developer.token, started.body.results.jobId);
      expect(job.status).toBe('error');
      expect(JSON.stringify(job)).toMatch(/read-only transaction/);
      expect(await lastValue()).toEqual({ last_value: '1', is_called: false });
    });

    it('on a formatted CSV export (cursor): the job fails and the sequence does not move', async () => {
      const started = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: developer.token,
        body: { ...writingQuery(), ...rawExport, onlyRaw: false },
      });
      expect(started.status).toBe(200);
      const job = await settledJob(developer.token, started.body.results.jobId);
      expect(job.status).toBe('error');
      expect(await lastValue()).toEqual({ last_value: '1', is_called: false });
    });
  });
});
