import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { runClient, runQueryRows } from '../../support/sql-api-clients';

const { adminToken, sqlApiPort } = sharedQuarry();
const CLIENTS = join(__dirname, 'clients');
const PGJDBC = '/usr/share/java/postgresql.jar';
const FIELDS = ['orders_status', 'orders_unique_order_count', 'orders_total_order_amount'];

const ofStatus = (status: string) => ({
  exploreName: 'orders',
  dimensions: ['orders_status'],
  metrics: ['orders_unique_order_count', 'orders_total_order_amount'],
  filters: { dimensions: { id: 'root', and: [{ id: 'f1', target: { fieldId: 'orders_status' }, operator: 'equals', values: [status] }] } },
  sorts: [{ fieldId: 'orders_status', descending: false }],
  limit: 500,
  tableCalculations: [],
});

describe('SQL API: psycopg2 and pgjdbc', () => {
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
  });

  it('psycopg2 connects, lists explores and fields, and runs a parameterised query', async () => {
    const result = await runClient('/usr/bin/python3', [
      join(CLIENTS, 'psycopg2_client.py'),
      String(sqlApiPort),
      projectUuid,
      adminToken,
      'completed',
    ]);
    expect(result.stderr).toBe('');
    const answer = JSON.parse(result.stdout) as { tables: string[]; columns: string[][]; rows: unknown[][] };
    expect(answer.tables).toEqual(expect.arrayContaining(['customers', 'orders']));
    expect(answer.columns).toEqual(
      expect.arrayContaining([
        ['orders_status', 'text'],
        ['orders_total_order_amount', 'double precision'],
      ]),
    );
    expect(answer.rows).toEqual(await runQueryRows(adminToken, projectUuid, ofStatus('completed'), FIELDS));
  });

  it('pgjdbc: DatabaseMetaData.getTables/getColumns, a PreparedStatement, and a fetch size', async () => {
    const classes = mkdtempSync(join(tmpdir(), 'quarry-jdbc-'));
    try {
      const compiled = await runClient('javac', ['-cp', PGJDBC, '-d', classes, join(CLIENTS, 'SqlApiClient.java')]);
      expect(compiled.stderr).toBe('');
      const result = await runClient('java', ['-cp', `${classes}:${PGJDBC}`, 'SqlApiClient', String(sqlApiPort), projectUuid, adminToken]);
      expect(result.stderr).toBe('');
      const lines = result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('|'));
      expect(lines.filter(([kind]) => kind === 'table').map(([, name]) => name)).toEqual(expect.arrayContaining(['customers', 'orders']));
      const columns = new Map(lines.filter(([kind]) => kind === 'column').map(([, name, type]) => [name, type]));
      expect(columns.get('orders_status')).toBe('text');
      expect(columns.get('orders_unique_order_count')).toBe('int8');
      const rows = lines.filter(([kind]) => kind === 'row').map(([, status, count, total]) => [status, Number(count), Number(total)]);
      const expected = [
        ...(await runQueryRows(adminToken, projectUuid, ofStatus('completed'), FIELDS)),
        ...(await runQueryRows(adminToken, projectUuid, ofStatus('returned'), FIELDS)),
      ];
      expect(rows).toEqual(expected);
      expect(lines.find(([kind]) => kind === 'fetched')).toEqual(['fetched', '5']);
    } finally {
      rmSync(classes, { recursive: true, force: true });
    }
  });
});
