import { RandomQueryGenerator, type ValuePools } from '@quarry/compiler/testing';
import { type Explore, getFieldId, type MetricQuery } from '@quarry/domain';
import { renderMetricQueryAsSql, sqlCatalogOfExplores } from '@quarry/sql-api/testing';
import { SeededRandom } from '@quarry/testing';
import type { Client } from 'pg';

import { call } from '../../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { pgClient } from '../../support/sql-api-clients';

/**
 * The live differential (issue 34): the fuzzer's random MetricQueries, written as SQL, give through
 * the SQL API the rows runQuery gives for the query the SQL says. Reproduce with QUARRY_SQL_SEED=<n>.
 */
const SEED = Number(process.env['QUARRY_SQL_SEED'] ?? 34);
const CASES = Number(process.env['QUARRY_SQL_CASES'] ?? 25);
const { baseUrl, adminToken } = sharedQuarry();

async function projectExplores(projectUuid: string): Promise<Explore[]> {
  const list = await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/explores`, { token: adminToken });
  const names = (list.body.results as Array<{ name: string; errors?: unknown[] }>)
    .filter((explore) => !explore.errors)
    .map((explore) => explore.name);
  const explores: Explore[] = [];
  for (const name of names)
    explores.push((await call(baseUrl, 'GET', `/api/v1/projects/${projectUuid}/explores/${name}`, { token: adminToken })).body.results);
  return explores;
}

async function runQuery(
  projectUuid: string,
  query: MetricQuery,
): Promise<{ status: number; rows: Array<Record<string, { value: { raw: unknown } }>> }> {
  const response = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/${query.exploreName}/runQuery`, {
    token: adminToken,
    body: query,
  });
  return { status: response.status, rows: response.body.results?.rows ?? [] };
}

/** Filter values from the data itself (through runQuery), so that filters keep rows. */
async function valuePools(projectUuid: string, explores: readonly Explore[]): Promise<ValuePools> {
  const pools = new Map<string, unknown[]>();
  for (const explore of explores) {
    for (const dimension of Object.values(explore.tables).flatMap((table) => Object.values(table.dimensions))) {
      const id = getFieldId(dimension);
      if (
        pools.has(id) ||
        dimension.hidden ||
        dimension.timeIntervalBaseDimensionName ||
        !['string', 'number', 'date', 'timestamp'].includes(dimension.type)
      )
        continue;
      const query = {
        exploreName: explore.name,
        dimensions: [id],
        metrics: [],
        filters: {},
        sorts: [{ fieldId: id, descending: false }],
        limit: 40,
        tableCalculations: [],
      };
      const { rows } = await runQuery(projectUuid, query);
      const values = rows.map((row) => row[id]?.value.raw).filter((value) => value !== null && value !== undefined);
      pools.set(
        id,
        values.map((value) =>
          dimension.type === 'date'
            ? String(value).slice(0, 10)
            : dimension.type === 'timestamp'
              ? String(value).replace('T', ' ').slice(0, 19)
              : value,
        ),
      );
    }
  }
  return { values: (fieldId) => pools.get(fieldId) ?? [] };
}

/** One cell as text both sides agree on: numbers to 10 significant digits, instants in UTC. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return Number(value.toPrecision(10)).toString();
  const text = String(value);
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return Number(Number(text).toPrecision(10)).toString();
  if (/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/.test(text)) {
    const iso =
      text.length === 10
        ? `${text}T00:00:00Z`
        : /Z|[+-]\d{2}(:?\d{2})?$/.test(text)
          ? text.replace(' ', 'T')
          : `${text.replace(' ', 'T')}Z`;
    return new Date(iso.replace(/([+-]\d{2})$/, '$1:00')).toISOString();
  }
  return text;
}

describe.each(Object.entries(JAFFLE_WAREHOUSES))(
  `SQL API differential against runQuery (seed ${SEED}, ${CASES} cases) on %s`,
  (_name, warehouse) => {
    let projectUuid: string;
    let explores: Explore[];
    let client: Client;

    beforeAll(async () => {
      projectUuid = await compiledJaffleProject(warehouse);
      explores = await projectExplores(projectUuid);
      // Every value as the text the server sent.
      client = await pgClient(adminToken, projectUuid, { types: { getTypeParser: () => (text: string) => text } });
    }, 300_000);

    afterAll(async () => {
      await client?.end();
    });

    it('gives the same rows as runQuery for every rendered random query', async () => {
      const catalog = sqlCatalogOfExplores(explores);
      const random = new SeededRandom(SEED);
      const generator = new RandomQueryGenerator(new SeededRandom(SEED + 1), explores, await valuePools(projectUuid, explores));
      let compared = 0;
      for (let attempt = 0; compared < CASES && attempt < CASES * 10; attempt += 1) {
        const generated = generator.next();
        const table = catalog.tables.find((candidate) => candidate.name === generated.query.exploreName);
        const rendered =
          table &&
          renderMetricQueryAsSql(generated.query, table, { parameters: attempt % 2 === 0, choose: (count) => random.int(0, count - 1) });
        if (!rendered) continue;
        const expected = await runQuery(projectUuid, rendered.expected);
        // A query runQuery refuses (an invalid combination the fuzzer may draw) says nothing about the SQL API.
        if (expected.status !== 200) continue;
        const label = `case ${attempt} (seed ${SEED}): ${rendered.sql} ${JSON.stringify(rendered.parameters)}`;
        await client.query(`SET TimeZone = '${rendered.expected.timezone ?? 'UTC'}'`);
        const actual = await client.query({ text: rendered.sql, values: rendered.parameters, rowMode: 'array' }).catch((error: Error) => {
          throw new Error(`${label}: ${error.message}`);
        });
        const ids = [...rendered.expected.dimensions, ...rendered.expected.metrics];
        const want = expected.rows.map((row) => ids.map((id) => canonical(row[id]?.value.raw)).join(' | ')).sort();
        const got = (actual.rows as unknown[][]).map((row) => row.map(canonical).join(' | ')).sort();
        expect({ label, rows: got }).toEqual({ label, rows: want });
        compared += 1;
      }
      expect(compared).toBe(CASES);
    });
  },
);
