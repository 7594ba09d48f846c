import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { DEMO_CATALOG, DEMO_DUCKDB_FILE_NAME, DEMO_SCHEMA, DEMO_TABLES, type DemoTableName } from './demo-constants';
import { type DemoSummary, generateDemoWarehouse } from './generate-demo-warehouse';
import { queryDuckDbFile, queryNumber } from './spec-support/query-duckdb-file';
import { temporaryDirectory } from './spec-support/temporary-directory';

const SCALE = 0.01;

const PRIMARY_KEYS: Record<DemoTableName, string> = {
  customers: 'customer_id',
  products: 'product_id',
  orders: 'order_id',
  order_items: 'order_item_id',
  payments: 'payment_id',
  events: 'event_id',
};

/** Each query counts rows that break one rule of the dataset; all must find none. */
const VIOLATIONS: Record<string, string> = {
  'ids are unique': `SELECT ${DEMO_TABLES.map((table) => `(SELECT count(*) - count(DISTINCT ${PRIMARY_KEYS[table]}) FROM shop.${table})`).join(' + ')}`,
  'rows are stored in id order': `SELECT ${DEMO_TABLES.map((table) => `(SELECT count(*) FROM shop.${table} WHERE ${PRIMARY_KEYS[table]} <> rowid + 1)`).join(' + ')}`,
  'every order belongs to an existing customer': 'SELECT count(*) FROM shop.orders ANTI JOIN shop.customers USING (customer_id)',
  'every order line belongs to an existing order': 'SELECT count(*) FROM shop.order_items ANTI JOIN shop.orders USING (order_id)',
  'every order line sells an existing product': 'SELECT count(*) FROM shop.order_items ANTI JOIN shop.products USING (product_id)',
  'every payment pays an existing order': 'SELECT count(*) FROM shop.payments ANTI JOIN shop.orders USING (order_id)',
  'every signed-in event names an existing customer':
    'SELECT count(*) FROM shop.events WHERE customer_id IS NOT NULL AND customer_id NOT IN (SELECT customer_id FROM shop.customers)',
  'every product event names an existing product':
    'SELECT count(*) FROM shop.events WHERE product_id IS NOT NULL AND product_id NOT IN (SELECT product_id FROM shop.products)',
  'every purchase event is an existing order, at its moment': `
    SELECT count(*) FROM shop.events AS e LEFT JOIN shop.orders AS o USING (order_id)
    WHERE e.order_id IS NOT NULL AND (o.order_id IS NULL OR o.ordered_at <> e.occurred_at OR e.event_type <> 'purchase')`,
  'every web or app order has exactly one purchase event': `
    SELECT count(*) FROM shop.orders AS o
    LEFT JOIN (SELECT order_id, count(*) AS purchases FROM shop.events WHERE order_id IS NOT NULL GROUP BY order_id) USING (order_id)
    WHERE (o.channel = 'marketplace') <> (purchases IS NULL) OR purchases > 1`,
  'order amounts are the sums of their lines': `
    SELECT count(*) FROM shop.orders AS o
    LEFT JOIN (
      SELECT order_id, count(*) AS lines, sum(quantity * unit_price) AS subtotal, sum(discount_amount) AS discounts
      FROM shop.order_items GROUP BY order_id
    ) AS i USING (order_id)
    WHERE i.lines IS DISTINCT FROM o.item_count OR i.subtotal <> o.subtotal OR i.discounts <> o.discount_total
      OR o.order_total <> o.subtotal - o.discount_total + o.shipping_cost OR o.order_total <= 0`,
  'payments that went through add up to the order total': `
    SELECT count(*) FROM shop.orders AS o
    LEFT JOIN (SELECT order_id, sum(amount) FILTER (WHERE status <> 'failed') AS paid FROM shop.payments GROUP BY order_id) USING (order_id)
    WHERE paid IS DISTINCT FROM o.order_total`,
  'nobody orders before signing up':
    'SELECT count(*) FROM shop.orders AS o JOIN shop.customers AS c USING (customer_id) WHERE c.signup_at > o.ordered_at',
  'orders and events stay inside the window': `
    SELECT (SELECT count(*) FROM shop.orders WHERE ordered_at < DATE '2023-01-01' OR ordered_at >= DATE '2026-01-01'
              OR greatest(shipped_at, delivered_at, returned_at) >= DATE '2026-01-01')
         + (SELECT count(*) FROM shop.events WHERE occurred_at >= DATE '2026-01-01')`,
  'fulfilment follows the status, in time order': `
    SELECT count(*) FROM shop.orders WHERE
      shipped_at < ordered_at OR delivered_at < shipped_at OR returned_at < delivered_at
      OR (status IN ('shipped', 'delivered', 'returned')) <> (shipped_at IS NOT NULL)
      OR (status IN ('delivered', 'returned')) <> (delivered_at IS NOT NULL)
      OR (status = 'returned') <> (returned_at IS NOT NULL)`,
  'events of a session follow each other in id and time order': `
    SELECT count(*) FROM (
      SELECT occurred_at < lag(occurred_at) OVER (PARTITION BY session_id ORDER BY event_id) AS out_of_order FROM shop.events
    ) WHERE out_of_order`,
};

describe('generateDemoWarehouse', () => {
  let workspace: Awaited<ReturnType<typeof temporaryDirectory>>;
  let first: DemoSummary;
  let second: DemoSummary;

  beforeAll(async () => {
    workspace = await temporaryDirectory('demo-data');
    first = await generateDemoWarehouse({ file: join(workspace.path, 'first', DEMO_DUCKDB_FILE_NAME), scale: SCALE });
    // The second run under a small memory limit: the data must not depend on the memory available.
    second = await generateDemoWarehouse({
      file: join(workspace.path, 'second', DEMO_DUCKDB_FILE_NAME),
      scale: SCALE,
      memoryLimit: '64MB',
    });
  });
  afterAll(() => workspace.remove());

  it('reports the file, its catalog and schema, and row counts that follow the scale', () => {
    expect(first).toMatchObject({
      file: join(workspace.path, 'first', DEMO_DUCKDB_FILE_NAME),
      catalog: DEMO_CATALOG,
      schema: DEMO_SCHEMA,
      scale: SCALE,
      firstDay: '2023-01-01',
      lastDay: '2025-12-31',
    });
    const { customers, products, orders, order_items, payments, events } = first.rowCounts;
    expect({ customers, products, orders }).toEqual({ customers: 250, products: 100, orders: 1000 });
    expect(order_items / orders).toBeGreaterThan(2.5);
    expect(order_items / orders).toBeLessThan(3.5);
    expect(payments / orders).toBeGreaterThan(1);
    expect(payments / orders).toBeLessThan(1.15);
    expect(events / orders).toBeGreaterThan(4);
    expect(events / orders).toBeLessThan(8);
    expect(first.totalRows).toBe(customers + products + orders + order_items + payments + events);
    expect(first.fileSizeBytes).toBeGreaterThan(0);
  });

  it('leaves only the finished file: no staging file, write-ahead log or spill directory', async () => {
    expect(await readdir(join(workspace.path, 'first'))).toEqual([DEMO_DUCKDB_FILE_NAME]);
    expect(await readdir(join(workspace.path, 'second'))).toEqual([DEMO_DUCKDB_FILE_NAME]);
  });

  it('generates identical data on every run', async () => {
    const checksums = async (file: string) => {
      const statements = DEMO_TABLES.map(
        (table) => `SELECT count(*) AS row_count, sum(hash(t))::VARCHAR AS checksum FROM shop.${table} AS t`,
      );
      return queryDuckDbFile(file, ...statements);
    };
    const [firstSums, secondSums] = await Promise.all([checksums(first.file), checksums(second.file)]);
    expect(secondSums).toEqual(firstSums);
    expect(second.rowCounts).toEqual(first.rowCounts);
  });

  it('keeps the file free of generator helpers', async () => {
    const [objects] = await queryDuckDbFile(
      first.file,
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_catalog = '${DEMO_CATALOG}' ORDER BY name`,
    );
    expect(objects.map((row) => row['name'])).toEqual(DEMO_TABLES.map((table) => `${DEMO_SCHEMA}.${table}`).sort());
  });

  it.each(Object.entries(VIOLATIONS))('keeps the data consistent: %s', async (_rule, sql) => {
    expect(await queryNumber(first.file, sql)).toBe(0);
  });

  it('spreads orders with seasonality: December busier than February', async () => {
    const ratio = await queryNumber(
      first.file,
      `SELECT count(*) FILTER (WHERE month(ordered_at) = 12) / count(*) FILTER (WHERE month(ordered_at) = 2) FROM shop.orders`,
    );
    expect(ratio).toBeGreaterThan(1.5);
  });

  describe('when generation fails', () => {
    it('keeps an existing demo file as it was and removes the half-built one', async () => {
      const directory = join(workspace.path, 'interrupted');
      const target = join(directory, DEMO_DUCKDB_FILE_NAME);
      await mkdir(directory);
      await copyFile(first.file, target);
      const before = await readFile(target);

      const interrupted = generateDemoWarehouse({
        file: target,
        scale: SCALE,
        onStep: (label) => {
          if (label === 'orders') throw new Error('interrupted while writing orders');
        },
      });

      await expect(interrupted).rejects.toThrow('interrupted while writing orders');
      expect(await readdir(directory)).toEqual([DEMO_DUCKDB_FILE_NAME]);
      expect((await readFile(target)).equals(before)).toBe(true);
    });

    it('leaves nothing behind when the finished file cannot be moved into place', async () => {
      const directory = join(workspace.path, 'occupied');
      await mkdir(join(directory, DEMO_DUCKDB_FILE_NAME), { recursive: true });

      await expect(generateDemoWarehouse({ file: join(directory, DEMO_DUCKDB_FILE_NAME), scale: SCALE })).rejects.toThrow();
      expect(await readdir(directory)).toEqual([DEMO_DUCKDB_FILE_NAME]);
      expect(await readdir(join(directory, DEMO_DUCKDB_FILE_NAME))).toEqual([]);
    });

    it('writes nothing when the target directory cannot be created', async () => {
      const blocker = join(workspace.path, 'not-a-directory');
      await writeFile(blocker, 'a file where a directory should be');

      await expect(generateDemoWarehouse({ file: join(blocker, DEMO_DUCKDB_FILE_NAME), scale: SCALE })).rejects.toThrow();
      expect(await readFile(blocker, 'utf8')).toBe('a file where a directory should be');
    });

    it('rejects a scale out of range before touching the disk', async () => {
      const target = join(workspace.path, 'never', DEMO_DUCKDB_FILE_NAME);
      await expect(generateDemoWarehouse({ file: target, scale: 0 })).rejects.toThrow(RangeError);
      expect(await readdir(workspace.path)).not.toContain('never');
    });
  });
});
