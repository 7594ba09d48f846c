import { execFileSync } from 'node:child_process';

import type { AnyExplore, Dimension, DimensionType, Explore, Metric, MetricType } from '@quarry/domain';

import { runQueryCurl, sampleQuery, sampleQueryPsql, sampleSql } from './sample-query';

function dimension(table: string, name: string, type: DimensionType, extra: Partial<Dimension> = {}): Dimension {
  return {
    fieldType: 'dimension',
    type,
    name,
    label: name.toUpperCase(),
    table,
    tableLabel: table,
    sql: name,
    compiledSql: name,
    tablesReferences: [table],
    hidden: false,
    ...extra,
  };
}

function metric(table: string, name: string, type: MetricType, extra: Partial<Metric> = {}): Metric {
  return {
    fieldType: 'metric',
    type,
    name,
    label: name.toUpperCase(),
    table,
    tableLabel: table,
    sql: name,
    compiledSql: name,
    tablesReferences: [table],
    hidden: false,
    filters: [],
    ...extra,
  };
}

function explore(name: string, dimensions: Dimension[], metrics: Metric[], primaryKey: string[] = []): Explore {
  return {
    name,
    label: name,
    tags: [],
    baseTable: name,
    joinedTables: [],
    targetDatabase: 'duckdb',
    tables: {
      [name]: {
        name,
        label: name,
        database: 'demo',
        schema: 'main',
        sqlTable: name,
        primaryKey,
        dimensions: Object.fromEntries(dimensions.map((field) => [field.name, field])),
        metrics: Object.fromEntries(metrics.map((field) => [field.name, field])),
      },
    },
  };
}

const customers = explore(
  'customers',
  [dimension('customers', 'first_name', 'string')],
  [metric('customers', 'customer_count', 'count_distinct')],
);
const orders = explore(
  'orders',
  [
    dimension('orders', 'order_code', 'string'),
    dimension('orders', 'internal_note', 'string', { hidden: true }),
    dimension('orders', 'ordered_at_month', 'string', { timeInterval: 'MONTH' }),
    dimension('orders', 'status', 'string'),
  ],
  [
    metric('orders', 'margin_ratio', 'number'),
    metric('orders', 'secret_total', 'sum', { hidden: true }),
    metric('orders', 'order_count', 'count_distinct'),
    metric('orders', 'revenue', 'sum'),
  ],
  ['order_code'],
);

describe('sampleQuery', () => {
  it("breaks the main explore's first aggregate metric down by a visible string dimension that is not its key", () => {
    expect(sampleQuery([customers, orders])).toEqual({
      exploreName: 'orders',
      title: 'ORDER_COUNT by STATUS',
      body: {
        exploreName: 'orders',
        dimensions: ['orders_status'],
        metrics: ['orders_order_count'],
        filters: {},
        sorts: [{ fieldId: 'orders_order_count', descending: true }],
        limit: 10,
        tableCalculations: [],
      },
    });
  });

  it("prefers a model's own explore to an extra explore built on the same table", () => {
    const fulfilled: Explore = { ...orders, name: 'fulfilled_orders' };
    expect(sampleQuery([customers, fulfilled, orders])?.exploreName).toBe('orders');
    expect(sampleQuery([customers, orders, fulfilled])?.exploreName).toBe('orders');
  });

  it('skips explores that failed to compile or have nothing to group by', () => {
    const broken: AnyExplore = { name: 'payments', label: 'payments', errors: [{ type: 'FIELD_ERROR', message: 'bad sql' }] };
    const numbersOnly = explore(
      'events',
      [dimension('events', 'event_id', 'number')],
      [metric('events', 'a', 'count'), metric('events', 'b', 'sum'), metric('events', 'c', 'max')],
    );
    expect(sampleQuery([broken, numbersOnly, customers])?.exploreName).toBe('customers');
    expect(sampleQuery([broken, numbersOnly])).toBeUndefined();
  });
});

describe('runQueryCurl', () => {
  it('is one shell line that posts the query as JSON, the token read from a variable', () => {
    const query = sampleQuery([explore("it's", [dimension("it's", 'status', 'string')], [metric("it's", 'n', 'count')])]);
    const line = runQueryCurl('http://localhost:8080', 'p-1', query!, 'QUARRY_TOKEN');
    expect(line).toContain('-H "Authorization: ApiKey $QUARRY_TOKEN"');
    // The shell hands curl the JSON and the URL unchanged, quotes included.
    const printArgs = `args() { printf '%s\\n' "$9" "\${10}"; }; ${line.replace(/^curl/, 'args')}`;
    const [json, url] = execFileSync('bash', ['-c', printArgs]).toString().trim().split('\n');
    expect(JSON.parse(json as string)).toEqual(query!.body);
    expect(url).toBe("http://localhost:8080/api/v1/projects/p-1/explores/it's/runQuery");
  });
});

describe('sampleQueryPsql', () => {
  it('is one shell line running the sample query as SQL, the token read from a variable as the password', () => {
    const query = sampleQuery([explore("it's", [dimension("it's", 'status', 'string')], [metric("it's", 'n', 'count')])]);
    expect(sampleSql(query!)).toBe(
      `SELECT "it's_status", "it's_n" FROM "it's" GROUP BY "it's_status" ORDER BY "it's_n" DESC LIMIT ${query!.body.limit}`,
    );
    const line = sampleQueryPsql({ host: 'localhost', port: 5433 }, 'p-1', query!, 'QUARRY_TOKEN');
    expect(line.startsWith('PGPASSWORD="$QUARRY_TOKEN" psql -h')).toBe(true);
    // The shell hands psql the SQL unchanged, quotes included.
    const printArgs = `psql() { printf '%s\\n' "$@"; }; ${line}`;
    const args = execFileSync('bash', ['-c', printArgs], { env: { PATH: process.env['PATH'], QUARRY_TOKEN: 't' } })
      .toString()
      .trim()
      .split('\n');
    expect(args).toEqual(['-h', 'localhost', '-p', '5433', '-U', 'quarry', '-d', 'p-1', '-c', sampleSql(query!)]);
  });
});
