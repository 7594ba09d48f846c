import { jaffleManifest } from '@quarry/testing';
import { Client, Connection, type DatabaseError } from 'pg';

import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { waitFor } from '../../support/processes';
import { sharedQuarry } from '../../support/shared-quarry';
import { pgClient } from '../../support/sql-api-clients';

const shared = sharedQuarry();

/** The jaffle manifest with a dimension that sleeps a second per row in the warehouse: a query that runs until cancelled. */
function manifestWithSlowDimension(): Record<string, unknown> {
  const manifest = jaffleManifest() as { nodes: Record<string, { columns: Record<string, unknown> }> };
  const orders = manifest.nodes['model.jaffle_shop.orders'] as { columns: Record<string, unknown> };
  orders.columns['slow_status'] = {
    name: 'slow_status',
    description: 'The status, read slowly',
    meta: { dimension: { type: 'string', sql: '(SELECT ${TABLE}.status FROM pg_sleep(1))' } },
    data_type: null,
    quote: null,
    tags: [],
  };
  return manifest;
}

async function sleepingQueries(warehouse: Client): Promise<number> {
  const result = await warehouse.query(
    "SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(1)%' AND pid <> pg_backend_pid()",
  );
  return Number(result.rows[0].n);
}

describe('SQL API: CancelRequest', () => {
  it('cancels the running warehouse query and answers 57014; the connection serves the next query', async () => {
    const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres, manifestWithSlowDimension());
    const warehouse = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await warehouse.connect();
    const client = await pgClient(shared.adminToken, projectUuid);
    try {
      const running = client.query('SELECT orders_slow_status FROM orders GROUP BY 1').then(
        () => undefined,
        (error: DatabaseError) => error,
      );
      await waitFor('the slow query to run in the warehouse', async () => ((await sleepingQueries(warehouse)) > 0 ? true : undefined));
      const keys = client as unknown as { processID: number; secretKey: number };
      // node-postgres's own CancelRequest (its typings omit connect and cancel).
      const canceller = new Connection() as unknown as {
        connect(port: number, host: string): void;
        cancel(pid: number, key: number): void;
        on(event: 'connect', listener: () => void): void;
      };
      canceller.connect(shared.sqlApiPort, '127.0.0.1');
      canceller.on('connect', () => canceller.cancel(keys.processID, keys.secretKey));
      expect(await running).toMatchObject({ code: '57014' });
      await waitFor('the warehouse query to stop', async () => ((await sleepingQueries(warehouse)) === 0 ? true : undefined));
      const next = await client.query('SELECT orders_status FROM orders GROUP BY 1 ORDER BY 1 LIMIT 1');
      expect(next.rows).toHaveLength(1);
    } finally {
      await client.end();
      await warehouse.end();
    }
  });
});
