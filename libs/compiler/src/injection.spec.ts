import { dialectFor } from '@quarry/dialects';
import type { CompileContext, Explore, FilterRule, MetricQuery } from '@quarry/domain';

import { compile } from './index';
import type { CompiledQuery } from './lib/compile-types';
import { comparable } from './test/comparable-rows';
import { CORPUS, IDENTIFIER_CORPUS, keeps, TEXT_OPERATORS, type TextOperator } from './test/injection-corpus';
import { jaffleExplore } from './test/jaffle-explores';
import { type LiveEngine, openDuckDb, openPostgres } from './test/live-engines';
import { ORDERS_OF_NAMED_CUSTOMERS, TYPED_METRICS } from './test/query-set/model-patches';
import { asc, metricQuery, withModels } from './test/query-set/named-query';

const TABLES = ['orders', 'payments', 'customers', 'events', 'users'];
const hostile = (fieldId: string, operator: TextOperator, value: string, caseSensitive?: boolean): FilterRule => ({
  id: 'hostile',
  target: { fieldId },
  operator,
  values: [value],
  ...(caseSensitive === undefined ? {} : { caseSensitive }),
});
const cases = CORPUS.flatMap((value) => TEXT_OPERATORS.map((operator) => [operator, value] as const));

/**
 * Hostile text in every place a request carries text — filter values of every text operator (on
 * dimensions, metrics, table calculations and custom metrics), labels, ids, parameters and user
 * attributes — on PostgreSQL and DuckDB: each is data, never SQL. Results are checked against
 * what the value means (computed in JS or by hand-written SQL), and the tables are intact after.
 */
describe.each([
  ['PostgreSQL', openPostgres],
  ['DuckDB', openDuckDb],
] as const)('hostile request text on %s', (_engineName, open) => {
  let engine: LiveEngine;
  let before: number[];
  /** Distinct order statuses, and the number of orders of each. */
  let orders: Array<{ status: string; count: number }>;

  beforeAll(async () => {
    engine = await open();
    before = await tableCounts(engine);
    orders = (await engine.handRows('SELECT status, COUNT(DISTINCT order_id) FROM jaffle.orders GROUP BY 1 ORDER BY 1')).map(
      ([status, count]) => ({ status: String(status), count: Number(count) }),
    );
  }, 150_000);
  afterAll(async () => {
    await engine?.close();
  });

  const explore = (patch?: Parameters<typeof withModels>[0]): Explore => {
    const base = jaffleExplore('orders', engine.type);
    return patch ? withModels(patch)(base) : base;
  };
  const compileFor = (target: Explore, query: MetricQuery, context: CompileContext = {}): CompiledQuery =>
    compile(target, query, dialectFor(engine.type), context);

  /** The result's rows, or `refused` where PostgreSQL's driver refuses a NUL before any SQL runs. */
  async function run(compiled: CompiledQuery, value: string): Promise<unknown[][] | 'refused'> {
    if (engine.type === 'postgres' && value.includes('\u0000')) {
      await expect(engine.compiledRows(compiled.sql, compiled.params, Object.keys(compiled.fields))).rejects.toThrow();
      return 'refused';
    }
    return engine.compiledRows(compiled.sql, compiled.params, Object.keys(compiled.fields));
  }

  /** Bound text never appears in the SQL (values of three characters or less occur in any SQL). */
  function expectNotInSql(compiled: CompiledQuery, value: string): void {
    if (value.length > 3) expect(compiled.sql).not.toContain(value.replaceAll('\u0000', ''));
  }

  const statusQuery = (rule: FilterRule): MetricQuery =>
    metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_unique_order_count'],
      filters: { dimensions: { id: 'g', and: [rule] } },
      sorts: [asc('orders_status')],
    });

  it.each(cases)('dimension filter %s %j', async (operator, value) => {
    for (const caseSensitive of [true, false]) {
      const compiled = compileFor(explore(), statusQuery(hostile('orders_status', operator, value, caseSensitive)));
      expectNotInSql(compiled, value);
      const rows = await run(compiled, value);
      if (rows === 'refused') continue;
      const expected = orders.filter((o) => keeps(operator, o.status, value, caseSensitive)).map((o) => [o.status, o.count]);
      expect(comparable(rows, true)).toEqual(comparable(expected, true));
    }
  });

  it('keeps a real value found beside hostile ones in the same list', async () => {
    const compiled = compileFor(
      explore(),
      statusQuery({
        id: 'h',
        target: { fieldId: 'orders_status' },
        operator: 'equals',
        values: [...CORPUS.filter((v) => !v.includes('\u0000')), 'completed'],
      }),
    );
    expect(comparable(await engine.compiledRows(compiled.sql, compiled.params, ['orders_status']), true)).toEqual(
      comparable([['completed']], true),
    );
  });

  it.each(cases)('metric filter on a text metric %s %j', async (operator, value) => {
    // size_label is 'large' when a status sums over 200, else 'small' (TYPED_METRICS).
    const labels = (await engine.handRows(
      "SELECT status, CASE WHEN SUM(amount) > 200 THEN 'large' ELSE 'small' END FROM jaffle.orders GROUP BY 1 ORDER BY 1",
    )) as Array<[string, string]>;
    const query = metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_size_label'],
      filters: { metrics: { id: 'g', and: [hostile('orders_size_label', operator, value)] } },
      sorts: [asc('orders_status')],
    });
    const compiled = compileFor(explore(TYPED_METRICS), query);
    expectNotInSql(compiled, value);
    const rows = await run(compiled, value);
    if (rows !== 'refused')
      expect(comparable(rows, true)).toEqual(
        comparable(
          labels.filter(([, label]) => keeps(operator, label, value)),
          true,
        ),
      );
  });

  it.each(cases)('table-calculation filter %s %j', async (operator, value) => {
    const query = metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: [],
      tableCalculations: [{ name: 'echo', displayName: 'Echo', sql: '${orders.status}', type: 'string' }],
      filters: { tableCalculations: { id: 'g', and: [hostile('echo', operator, value)] } },
      sorts: [asc('orders_status')],
    });
    const compiled = compileFor(explore(), query);
    expectNotInSql(compiled, value);
    const rows = await run(compiled, value);
    if (rows !== 'refused')
      expect(comparable(rows, true)).toEqual(
        comparable(
          orders.filter((o) => keeps(operator, o.status, value)).map((o) => [o.status, o.status]),
          true,
        ),
      );
  });

  it.each(cases)('custom metric filter %s %j', async (operator, value) => {
    const query = metricQuery('orders', {
      dimensions: ['orders_status'],
      metrics: ['orders_matching'],
      additionalMetrics: [
        {
          name: 'matching',
          table: 'orders',
          type: 'count_distinct',
          sql: '${TABLE}.order_id',
          filters: [{ id: 'h', target: { fieldRef: 'status' }, operator, values: [value] }],
        },
      ],
      sorts: [asc('orders_status')],
    });
    const compiled = compileFor(explore(), query);
    expectNotInSql(compiled, value);
    const rows = await run(compiled, value);
    if (rows !== 'refused')
      expect(comparable(rows, true)).toEqual(
        comparable(
          orders.map((o) => [o.status, keeps(operator, o.status, value) ? o.count : 0]),
          true,
        ),
      );
  });

  it.each(IDENTIFIER_CORPUS)('labels %j are not SQL: the query is the plain one, its fields carry them', async (label) => {
    const labelled = (text: string): MetricQuery =>
      metricQuery('orders', {
        dimensions: ['size', 'amount_bins'],
        metrics: ['orders_max_amount'],
        customDimensions: [
          {
            id: 'size',
            name: text,
            table: 'orders',
            type: 'sql',
            sql: "CASE WHEN ${orders.amount} > 20 THEN 'big' ELSE 'small' END",
            dimensionType: 'string',
          },
          {
            id: 'amount_bins',
            name: text,
            table: 'orders',
            type: 'bin',
            dimensionId: 'orders_amount',
            binType: 'fixed_number',
            binNumber: 3,
          },
        ],
        additionalMetrics: [{ name: 'max_amount', label: text, table: 'orders', type: 'max', sql: '${TABLE}.amount' }],
        tableCalculations: [{ name: 'doubled', displayName: text, sql: '${orders.max_amount} * 2', type: 'number' }],
        sorts: [asc('size'), asc('amount_bins')],
      });
    const compiled = compileFor(explore(), labelled(label));
    const plain = compileFor(explore(), labelled('Plain label'));
    expect(compiled.sql).toBe(plain.sql);
    expect(compiled.params).toEqual(plain.params);
    expect(compiled.fields['size']).toMatchObject({ name: label });
    expect(compiled.fields['amount_bins']).toMatchObject({ name: label });
    expect(compiled.fields['orders_max_amount']).toMatchObject({ label });
    expect(compiled.fields['doubled']).toMatchObject({ displayName: label });
    const columns = Object.keys(plain.fields);
    expect(comparable(await engine.compiledRows(compiled.sql, compiled.params, columns), true)).toEqual(
      comparable(await engine.compiledRows(plain.sql, plain.params, columns), true),
    );
  });

  it.each(IDENTIFIER_CORPUS)('ids %j are quoted column names with the right values', async (id) => {
    const named = (sqlId: string, binId: string, metricName: string): MetricQuery =>
      metricQuery('orders', {
        dimensions: [sqlId, binId],
        metrics: [`orders_${metricName}`],
        customDimensions: [
          {
            id: sqlId,
            name: 'Size',
            table: 'orders',
            type: 'sql',
            sql: "CASE WHEN ${orders.amount} > 20 THEN 'big' ELSE 'small' END",
            dimensionType: 'string',
          },
          { id: binId, name: 'Bins', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'fixed_number', binNumber: 3 },
        ],
        additionalMetrics: [{ name: metricName, table: 'orders', type: 'sum', sql: '${TABLE}.amount' }],
        sorts: [asc(binId), asc(sqlId)],
      });
    const hostileIds = compileFor(explore(), named(id, `${id} bin`, `${id} m`));
    const plain = compileFor(explore(), named('size', 'bins', 'total'));
    expect(Object.keys(hostileIds.fields)).toEqual([id, `${id} bin`, `orders_${id} m`]);
    const rows = await engine.compiledRows(hostileIds.sql, hostileIds.params, Object.keys(hostileIds.fields));
    expect(comparable(rows, true)).toEqual(comparable(await engine.compiledRows(plain.sql, plain.params, Object.keys(plain.fields)), true));
  });

  it.each(CORPUS)('parameter %j is a value in custom dimensions and table calculations', async (value) => {
    const query = metricQuery('orders', {
      dimensions: ['orders_status', 'match'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'match',
          name: 'Match',
          table: 'orders',
          type: 'sql',
          sql: "CASE WHEN ${orders.status} IN (${ld.parameters.list}) THEN 'match' ELSE 'other' END",
          dimensionType: 'string',
        },
      ],
      tableCalculations: [{ name: 'tagged', displayName: 'Tagged', sql: '${orders.status} || ${ld.parameters.tag}', type: 'string' }],
      sorts: [asc('orders_status')],
    });
    const compiled = compileFor(explore(), query, { parameters: { list: [value, 'completed'], tag: value } });
    expectNotInSql(compiled, value);
    expect(compiled.missingParameterReferences).toEqual([]);
    const rows = await run(compiled, value);
    if (rows === 'refused') return;
    const expected = orders.map((o) => [
      o.status,
      o.status === 'completed' || o.status === value ? 'match' : 'other',
      o.count,
      o.status + value,
    ]);
    expect(comparable(rows, true)).toEqual(comparable(expected, true));
  });

  it.each(CORPUS)('user attribute and email %j are values in sql_where and selects', async (value) => {
    // sql_filter: ${customers.first_name} IN (${ld.attr.names}) — only Adam is a real name.
    const query = metricQuery('orders', {
      dimensions: ['orders_status', 'who'],
      metrics: ['orders_unique_order_count'],
      customDimensions: [
        {
          id: 'who',
          name: 'Who',
          table: 'orders',
          type: 'sql',
          sql: '${orders.status} || ${ld.user.email} || ${ld.attr.tag}',
          dimensionType: 'string',
        },
      ],
      sorts: [asc('orders_status')],
    });
    const compiled = compileFor(explore(ORDERS_OF_NAMED_CUSTOMERS), query, {
      userAttributes: { names: [value, 'Adam'], tag: value },
      user: { email: value },
    });
    expectNotInSql(compiled, value);
    const rows = await run(compiled, value);
    if (rows === 'refused') return;
    const adams = await engine.handRows(
      "SELECT o.status, COUNT(DISTINCT o.order_id) FROM jaffle.orders o JOIN jaffle.customers c ON c.customer_id = o.customer_id WHERE c.first_name = 'Adam' GROUP BY 1 ORDER BY 1",
    );
    expect(adams.length).toBeGreaterThan(0);
    expect(comparable(rows, true)).toEqual(
      comparable(
        adams.map(([status, count]) => [status, `${String(status)}${value}${value}`, count]),
        true,
      ),
    );
  });

  it('renders hostile values for display as escaped literals that still run harmlessly', async () => {
    for (const value of CORPUS.filter((candidate) => !candidate.includes('\u0000'))) {
      const compiled = compile(
        explore(),
        statusQuery(hostile('orders_status', 'equals', value)),
        dialectFor(engine.type),
        {},
        { inlineParams: true },
      );
      expect(compiled.params).toEqual([]);
      expect(await engine.compiledRows(compiled.sql, [], Object.keys(compiled.fields))).toEqual([]);
    }
  });

  // Last of the block: after every hostile value above has run.
  it('leaves every table intact', async () => {
    expect(before.every((count) => count > 0)).toBe(true);
    expect(await tableCounts(engine)).toEqual(before);
  });
});

/** Row counts of the fixture's tables, and the number of tables in the schema. */
async function tableCounts(engine: LiveEngine): Promise<number[]> {
  const counts = await Promise.all(TABLES.map(async (table) => Number(await engine.scalar(`SELECT COUNT(*) FROM jaffle.${table}`))));
  return [...counts, Number(await engine.scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'jaffle'"))];
}
