import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { psql, psqlRows, runQueryRows } from '../../support/sql-api-clients';

const { adminToken } = sharedQuarry();

describe('SQL API: psql', () => {
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
  });

  it('\\dt lists the explores as tables of schema public', async () => {
    const result = await psql(adminToken, projectUuid, ['\\dt']);
    expect(result.stderr).not.toMatch(/ERROR|FATAL/);
    expect(result.code).toBe(0);
    const tables = psqlRows(result.stdout).map(([schema, name, type]) => [schema, name, type]);
    expect(tables).toEqual(expect.arrayContaining([['public', 'orders', 'table']]));
  });

  it('\\d orders describes its fields as typed columns', async () => {
    const result = await psql(adminToken, projectUuid, ['\\d orders']);
    expect(result.code).toBe(0);
    const columns = new Map(psqlRows(result.stdout).map(([name, type]) => [name, type]));
    expect(columns.get('orders_status')).toBe('text');
    expect(columns.get('orders_total_order_amount')).toBe('double precision');
    expect(columns.get('orders_unique_order_count')).toBe('bigint');
  });

  it('a query with WHERE, GROUP BY, ORDER BY and LIMIT returns the rows runQuery returns', async () => {
    const sql =
      "SELECT orders_status, orders_total_order_amount, orders_unique_order_count FROM orders WHERE orders_status <> 'returned' " +
      'GROUP BY orders_status ORDER BY orders_total_order_amount DESC LIMIT 3';
    const result = await psql(adminToken, projectUuid, [sql]);
    expect(result.stderr).toBe('');
    const expected = await runQueryRows(
      adminToken,
      projectUuid,
      {
        exploreName: 'orders',
        dimensions: ['orders_status'],
        metrics: ['orders_total_order_amount', 'orders_unique_order_count'],
        filters: {
          dimensions: {
            id: 'root',
            and: [{ id: 'f1', target: { fieldId: 'orders_status' }, operator: 'notEquals', values: ['returned'] }],
          },
        },
        sorts: [{ fieldId: 'orders_total_order_amount', descending: true }],
        limit: 3,
        tableCalculations: [],
      },
      ['orders_status', 'orders_total_order_amount', 'orders_unique_order_count'],
    );
    expect(expected.length).toBe(3);
    expect(psqlRows(result.stdout).map(([status, total, count]) => [status, Number(total), Number(count)])).toEqual(expected);
  });

  it('answers several statements of one string in order, SHOW from the session and version() from the catalog', async () => {
    const result = await psql(adminToken, projectUuid, ["SET TimeZone = 'Europe/Paris'; SHOW TimeZone; SELECT current_schema()"]);
    expect(result.stderr).toBe('');
    // psql prints every result of the string, SET's command tag included, as against PostgreSQL.
    expect(psqlRows(result.stdout)).toEqual([['SET'], ['Europe/Paris'], ['public']]);
  });

  it('names what it cannot express as a PostgreSQL error', async () => {
    const result = await psql(adminToken, projectUuid, ['SELECT no_such_column FROM orders']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/ERROR: .*no_such_column/);
  });
});
