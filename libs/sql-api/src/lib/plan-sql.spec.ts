import { beforeAll, describe, expect, it } from '@jest/globals';
import type { FilterGroup, MetricQuery } from '@quarry/domain';

import { TEST_CATALOG } from '../test/test-catalog';
import { loadSqlParser, planSql, planSqlScript } from './plan-sql';
import { type MetricQueryPlan, SqlApiError, type SqlParameterValue } from './sql-plan';

beforeAll(async () => {
  await loadSqlParser();
});

function plan(sql: string): MetricQueryPlan {
  const planned = planSql(sql, TEST_CATALOG);
  if (planned.kind !== 'metricQuery') throw new Error(`expected a metric query, got ${planned.kind}`);
  return planned;
}

function query(sql: string, parameters: SqlParameterValue[] = []): MetricQuery {
  return plan(sql).bind(parameters, { now: new Date('2018-03-15T10:30:00Z'), timezone: 'UTC' });
}

/** The dimension filter group's items, without ids (they only number the rules). */
function where(sql: string, parameters: SqlParameterValue[] = []): unknown {
  return items(query(sql, parameters).filters.dimensions);
}

/** The items of a dimension filter group (the translator ANDs the conditions). */
function items(group: FilterGroup | undefined): unknown {
  return group && 'and' in group ? withoutIds(group.and) : undefined;
}

function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id').map(([key, item]) => [key, withoutIds(item)]));
}

function sqlState(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SqlApiError) return `${error.sqlState} ${error.message}`;
    throw error;
  }
  throw new Error('expected an SqlApiError');
}

const rule = (fieldId: string, operator: string, values?: unknown[], extra: object = {}) => ({ target: { fieldId }, operator, ...(values ? { values } : {}), ...extra });
const cs = { caseSensitive: true };

describe('session statements and catalog queries', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['  ;  ', { kind: 'empty' }],
    ['-- only a comment', { kind: 'empty' }],
    ['SET search_path = public, "$user"', { kind: 'set', name: 'search_path', value: 'public, $user' }],
    ["SET TIME ZONE 'Asia/Tokyo'", { kind: 'set', name: 'timezone', value: 'Asia/Tokyo' }],
    ['SET extra_float_digits = 3', { kind: 'set', name: 'extra_float_digits', value: '3' }],
    ['RESET statement_timeout', { kind: 'set', name: 'statement_timeout', value: null }],
    ['SET datestyle TO DEFAULT', { kind: 'set', name: 'datestyle', value: null }],
    ['RESET ALL', { kind: 'set', name: 'all', value: null }],
    ['DISCARD ALL', { kind: 'set', name: 'all', value: null }],
    ['SHOW TimeZone', { kind: 'show', name: 'timezone' }],
    ['SHOW ALL', { kind: 'show', name: 'all' }],
    ['BEGIN', { kind: 'transaction', command: 'BEGIN' }],
    ['START TRANSACTION READ ONLY', { kind: 'transaction', command: 'BEGIN' }],
    ['COMMIT', { kind: 'transaction', command: 'COMMIT' }],
    ['END', { kind: 'transaction', command: 'COMMIT' }],
    ['ROLLBACK', { kind: 'transaction', command: 'ROLLBACK' }],
    ['ABORT', { kind: 'transaction', command: 'ROLLBACK' }],
    ['SELECT version()', { kind: 'catalog' }],
    ['SELECT 1', { kind: 'catalog' }],
    ['select current_schema()', { kind: 'catalog' }],
    ['SELECT $1::int', { kind: 'catalog' }],
    ['VALUES (1)', { kind: 'catalog' }],
    ['SELECT n.nspname, c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace', { kind: 'catalog' }],
    ['SELECT * FROM information_schema.columns WHERE table_name = $1', { kind: 'catalog' }],
    ['SELECT oid FROM pg_type', { kind: 'catalog' }],
    ['WITH t AS (SELECT * FROM pg_catalog.pg_class) SELECT relname FROM t', { kind: 'catalog' }],
    ['SELECT * FROM pg_get_keywords()', { kind: 'catalog' }],
  ])('%s', (sql, expected) => {
    expect(planSql(sql, TEST_CATALOG)).toEqual(expected);
  });

  it('plans each statement of a simple-protocol script with its own text', () => {
    const script = planSqlScript("SET application_name = 'psql'; SELECT orders_status FROM orders;SHOW server_version", TEST_CATALOG);
    expect(script.map((statement) => [statement.sql, statement.plan.kind])).toEqual([
      ["SET application_name = 'psql'", 'set'],
      ['SELECT orders_status FROM orders', 'metricQuery'],
      ['SHOW server_version', 'show'],
    ]);
  });
});

describe('SELECT of an explore', () => {
  it('selects dimensions and metrics with aliases, grouped by the dimensions', () => {
    const planned = plan('SELECT orders_status AS status, MEASURE(orders_total), SUM(orders_total) AS s, orders_count FROM orders GROUP BY 1');
    expect(planned.exploreName).toBe('orders');
    expect(planned.columns).toEqual([
      { name: 'status', fieldId: 'orders_status', type: 'text' },
      { name: 'measure', fieldId: 'orders_total', type: 'float8' },
      { name: 's', fieldId: 'orders_total', type: 'float8' },
      { name: 'orders_count', fieldId: 'orders_count', type: 'int8' },
    ]);
    expect(planned.parameterTypes).toEqual([]);
    expect(planned.bind([])).toEqual({ exploreName: 'orders', dimensions: ['orders_status'], metrics: ['orders_total', 'orders_count'], filters: {}, sorts: [], limit: 5000, tableCalculations: [] });
  });

  it('reads the explore schema-qualified, quoted or aliased, and qualified column names', () => {
    for (const sql of [
      'SELECT orders.orders_status FROM public.orders',
      'SELECT "orders_status" FROM "public"."orders"',
      'SELECT o.orders_status FROM orders o',
      'SELECT o.orders_status FROM orders AS o GROUP BY o.orders_status',
    ]) {
      expect(query(sql).dimensions).toEqual(['orders_status']);
    }
  });

  it('expands * (and orders.*) to every dimension and metric, grouped by every dimension', () => {
    const names = TEST_CATALOG.tables[0]?.columns.map((column) => column.name);
    expect(plan('SELECT * FROM orders LIMIT 10').columns.map((column) => column.name)).toEqual(names);
    const expanded = query('SELECT orders.* FROM orders');
    expect(expanded.dimensions).toEqual(['orders_status', 'orders_amount', 'orders_order_date', 'orders_created_at', 'orders_is_paid']);
    expect(expanded.metrics).toHaveLength(6);
  });

  it('accepts DISTINCT (grouped rows are distinct already)', () => {
    expect(query('SELECT DISTINCT orders_status FROM orders').dimensions).toEqual(['orders_status']);
  });

  it('accepts the aggregate matching each metric, as Cube does', () => {
    expect(query('SELECT COUNT(orders_count), COUNT(DISTINCT orders_customers), AVG(orders_average), MIN(orders_first_date) FROM orders').metrics).toEqual([
      'orders_count',
      'orders_customers',
      'orders_average',
      'orders_first_date',
    ]);
  });
});

describe('WHERE on dimensions', () => {
  it('turns comparisons into rules of the field type; text compares case-sensitively', () => {
    expect(where("SELECT orders_status FROM orders WHERE orders_status = 'completed' AND orders_amount >= 10 AND 20 > orders_amount")).toEqual([
      rule('orders_status', 'equals', ['completed'], cs),
      rule('orders_amount', 'greaterThanOrEqual', [10]),
      rule('orders_amount', 'lessThan', [20]),
    ]);
  });

  it('keeps NULLs out of <>, != and NOT IN as PostgreSQL does (Quarry notEquals keeps them)', () => {
    expect(where("SELECT orders_status FROM orders WHERE orders_status <> 'a' AND orders_amount != 3 AND orders_status NOT IN ('b', 'c')")).toEqual([
      { and: [rule('orders_status', 'notEquals', ['a'], cs), rule('orders_status', 'notNull')] },
      { and: [rule('orders_amount', 'notEquals', [3]), rule('orders_amount', 'notNull')] },
      { and: [rule('orders_status', 'notEquals', ['b', 'c'], cs), rule('orders_status', 'notNull')] },
    ]);
  });

  it('reads IN, = ANY(ARRAY[…]), BETWEEN (also SYMMETRIC), IS [NOT] NULL, IS [NOT] DISTINCT FROM', () => {
    expect(
      where(
        'SELECT orders_status FROM orders WHERE orders_amount IN (1, 2.5) AND orders_amount = ANY(ARRAY[7]) AND orders_amount BETWEEN 1 AND 5 ' +
          'AND orders_amount BETWEEN SYMMETRIC 9 AND 3 AND orders_status IS NULL AND orders_amount IS NOT NULL ' +
          "AND orders_status IS DISTINCT FROM 'x' AND orders_status IS NOT DISTINCT FROM NULL",
      ),
    ).toEqual([
      rule('orders_amount', 'equals', [1, 2.5]),
      rule('orders_amount', 'equals', [7]),
      rule('orders_amount', 'inBetween', [1, 5]),
      rule('orders_amount', 'inBetween', [3, 9]),
      rule('orders_status', 'isNull'),
      rule('orders_amount', 'notNull'),
      rule('orders_status', 'notEquals', ['x'], cs),
      rule('orders_status', 'isNull'),
    ]);
  });

  it('reads LIKE / ILIKE patterns as startsWith, endsWith, include or equals; escaped wildcards are literal', () => {
    expect(
      where(
        "SELECT orders_status FROM orders WHERE orders_status LIKE 'com%' AND orders_status LIKE '%ed' AND orders_status ILIKE '%PLET%' " +
          "AND orders_status LIKE 'a\\_b' AND orders_status LIKE '50!%%' ESCAPE '!' AND orders_status LIKE '%' AND orders_status NOT LIKE '%x%'",
      ),
    ).toEqual([
      rule('orders_status', 'startsWith', ['com'], cs),
      rule('orders_status', 'endsWith', ['ed'], cs),
      rule('orders_status', 'include', ['PLET'], { caseSensitive: false }),
      rule('orders_status', 'equals', ['a_b'], cs),
      rule('orders_status', 'startsWith', ['50%'], cs),
      rule('orders_status', 'notNull'),
      { and: [rule('orders_status', 'doesNotInclude', ['x'], cs), rule('orders_status', 'notNull')] },
    ]);
  });

  it('nests AND / OR and pushes NOT inwards under three-valued logic', () => {
    expect(where("SELECT orders_status FROM orders WHERE NOT (orders_status = 'a' OR (orders_amount < 3 AND orders_is_paid))")).toEqual([
      {
        and: [
          { and: [rule('orders_status', 'notEquals', ['a'], cs), rule('orders_status', 'notNull')] },
          { or: [rule('orders_amount', 'greaterThanOrEqual', [3]), { and: [rule('orders_is_paid', 'notEquals', [true]), rule('orders_is_paid', 'notNull')] }] },
        ],
      },
    ]);
    expect(where('SELECT orders_status FROM orders WHERE orders_is_paid IS NOT TRUE OR orders_is_paid IS FALSE')).toEqual([
      { or: [rule('orders_is_paid', 'notEquals', [true]), rule('orders_is_paid', 'equals', [false])] },
    ]);
    expect(where('SELECT orders_status FROM orders WHERE NOT orders_amount NOT BETWEEN 1 AND 2')).toEqual([rule('orders_amount', 'inBetween', [1, 2])]);
    expect(where('SELECT orders_status FROM orders WHERE orders_amount NOT BETWEEN 1 AND 2')).toEqual([rule('orders_amount', 'notInBetween', [1, 2])]);
  });

  it('matches no row where SQL compares with NULL', () => {
    const never = { and: [rule('orders_amount', 'isNull'), rule('orders_amount', 'notNull')] };
    expect(where('SELECT orders_status FROM orders WHERE orders_amount = NULL')).toEqual([never]);
    expect(where('SELECT orders_status FROM orders WHERE orders_amount NOT IN (1, NULL)')).toEqual([never]);
    expect(where('SELECT orders_status FROM orders WHERE orders_amount IN (1, NULL)')).toEqual([rule('orders_amount', 'equals', [1])]);
  });

  it('reads date and timestamp literals; dates and booleans take one value per rule', () => {
    expect(
      where(
        "SELECT orders_status FROM orders WHERE orders_order_date >= DATE '2018-01-01' AND orders_order_date < '2018-02-01'::date " +
          "AND orders_created_at BETWEEN TIMESTAMP '2018-01-01 10:00:00' AND CAST('2018-01-02' AS timestamp) AND orders_order_date IN ('2018-01-03', '2018-01-04')",
      ),
    ).toEqual([
      rule('orders_order_date', 'greaterThanOrEqual', ['2018-01-01']),
      rule('orders_order_date', 'lessThan', ['2018-02-01']),
      rule('orders_created_at', 'inBetween', ['2018-01-01 10:00:00', '2018-01-02']),
      { or: [rule('orders_order_date', 'equals', ['2018-01-03']), rule('orders_order_date', 'equals', ['2018-01-04'])] },
    ]);
  });

  it('evaluates dates relative to now in the session time zone', () => {
    const planned = plan(
      "SELECT orders_status FROM orders WHERE orders_order_date >= current_date - interval '7 days' AND orders_order_date < CURRENT_DATE " +
        "AND orders_created_at > now() - interval '2 hours' AND orders_order_date >= date_trunc('month', current_date) AND orders_order_date <= current_date - 1",
    );
    const tokyo = items(planned.bind([], { now: new Date('2018-03-15T20:00:00Z'), timezone: 'Asia/Tokyo' }).filters.dimensions);
    expect(tokyo).toEqual([
      rule('orders_order_date', 'greaterThanOrEqual', ['2018-03-09']),
      rule('orders_order_date', 'lessThan', ['2018-03-16']),
      rule('orders_created_at', 'greaterThan', ['2018-03-15T18:00:00.000Z']),
      rule('orders_order_date', 'greaterThanOrEqual', ['2018-03-01']),
      rule('orders_order_date', 'lessThanOrEqual', ['2018-03-15']),
    ]);
  });

  it('reads a bare boolean column as = true', () => {
    expect(where('SELECT orders_status FROM orders WHERE orders_is_paid AND NOT orders_is_paid')).toEqual([
      rule('orders_is_paid', 'equals', [true]),
      { and: [rule('orders_is_paid', 'notEquals', [true]), rule('orders_is_paid', 'notNull')] },
    ]);
  });
});

describe('filters on metrics', () => {
  it('turns HAVING and WHERE on metrics into metric filters, and dimension conditions of HAVING into dimension filters', () => {
    const translated = query(
      "SELECT orders_status, MEASURE(orders_total) FROM orders WHERE orders_count > 2 GROUP BY 1 HAVING SUM(orders_total) >= 100 AND orders_status = 'x'",
    );
    expect(withoutIds(translated.filters)).toEqual({
      dimensions: { and: [rule('orders_status', 'equals', ['x'], cs)] },
      metrics: { and: [rule('orders_count', 'greaterThan', [2]), rule('orders_total', 'greaterThanOrEqual', [100])] },
    });
  });
});

describe('GROUP BY, ORDER BY, LIMIT, OFFSET', () => {
  it('checks GROUP BY against the selected dimensions (names, aliases, positions)', () => {
    expect(query('SELECT orders_status AS s, orders_amount, MEASURE(orders_total) FROM orders GROUP BY s, 2').dimensions).toEqual(['orders_status', 'orders_amount']);
    expect(sqlState(() => planSql('SELECT orders_status, orders_amount, MEASURE(orders_total) FROM orders GROUP BY 1', TEST_CATALOG))).toMatch(/^42803 .*orders_amount/);
    expect(sqlState(() => planSql('SELECT orders_status, MEASURE(orders_total) FROM orders', TEST_CATALOG))).toMatch(/^42803 .*orders_status/);
    expect(sqlState(() => planSql('SELECT orders_status, MEASURE(orders_total) FROM orders GROUP BY 2', TEST_CATALOG))).toMatch(/^42803 /);
    expect(sqlState(() => planSql('SELECT orders_status FROM orders GROUP BY orders_status, orders_amount', TEST_CATALOG))).toMatch(/^0A000 .*orders_amount/);
    expect(sqlState(() => planSql('SELECT orders_status FROM orders GROUP BY 3', TEST_CATALOG))).toMatch(/^42P10 /);
    expect(sqlState(() => planSql('SELECT orders_status FROM orders GROUP BY ROLLUP (orders_status)', TEST_CATALOG))).toMatch(/^0A000 /);
  });

  it('sorts by names, aliases, positions and metric calls, with PostgreSQL null placement said explicitly', () => {
    const sorts = query(
      'SELECT orders_status AS s, orders_amount, MEASURE(orders_total) AS t FROM orders GROUP BY 1, 2 ORDER BY s DESC, 2 NULLS FIRST, MEASURE(orders_total) DESC NULLS LAST',
    ).sorts;
    expect(sorts).toEqual([
      { fieldId: 'orders_status', descending: true, nullsFirst: true },
      { fieldId: 'orders_amount', descending: false, nullsFirst: true },
      { fieldId: 'orders_total', descending: true, nullsFirst: false },
    ]);
    expect(query('SELECT orders_status FROM orders ORDER BY orders_status').sorts).toEqual([{ fieldId: 'orders_status', descending: false, nullsFirst: false }]);
  });

  it('limits with LIMIT + OFFSET rows and tells the server the offset', () => {
    const bound = plan('SELECT orders_status FROM orders LIMIT 10 OFFSET 5').bindQuery([]);
    expect([bound.query.limit, bound.offset, bound.limit]).toEqual([15, 5, 10]);
    const all = plan('SELECT orders_status FROM orders LIMIT ALL').bindQuery([], { defaultLimit: 500 });
    expect([all.query.limit, all.offset, all.limit]).toEqual([500, 0, null]);
    const none = plan('SELECT orders_status FROM orders LIMIT 0').bindQuery([]);
    expect([none.query.limit, none.limit]).toEqual([1, 0]);
    const fetch = plan('SELECT orders_status FROM orders OFFSET 2 ROWS FETCH FIRST 3 ROWS ONLY').bindQuery([]);
    expect([fetch.query.limit, fetch.offset, fetch.limit]).toEqual([5, 2, 3]);
  });
});

describe('parameters', () => {
  it('infers each $n type from what it is compared with, and binds values as filter values, never SQL', () => {
    const planned = plan(
      'SELECT orders_status FROM orders WHERE orders_status = $1 AND orders_amount BETWEEN $2 AND $3 AND orders_order_date > $4 ' +
        'AND orders_status LIKE $5 AND orders_is_paid = $6 AND orders_created_at < $8 LIMIT $7',
    );
    expect(planned.parameterTypes).toEqual(['text', 'float8', 'float8', 'date', 'text', 'bool', 'int8', 'timestamp']);
    const bound = planned.bindQuery(["x' OR 1=1 --", 1, '2.5', '2018-01-01', 'ab%', 't', 7, '2018-01-01 10:00:00']);
    expect(items(bound.query.filters.dimensions)).toEqual([
      rule('orders_status', 'equals', ["x' OR 1=1 --"], cs),
      rule('orders_amount', 'inBetween', [1, 2.5]),
      rule('orders_order_date', 'greaterThan', ['2018-01-01']),
      rule('orders_status', 'startsWith', ['ab'], cs),
      rule('orders_is_paid', 'equals', [true]),
      rule('orders_created_at', 'lessThan', ['2018-01-01 10:00:00']),
    ]);
    expect(bound.limit).toBe(7);
  });

  it('types unused parameters as text and refuses a bind with too few values or values of the wrong type', () => {
    const planned = plan('SELECT orders_status FROM orders WHERE orders_amount = $2');
    expect(planned.parameterTypes).toEqual(['text', 'float8']);
    expect(sqlState(() => planned.bind([null]))).toMatch(/^08P01 /);
    expect(sqlState(() => planned.bind([null, 'abc']))).toMatch(/^22P02 .*abc/);
    expect(items(planned.bind([null, null]).filters.dimensions)).toEqual([{ and: [rule('orders_amount', 'isNull'), rule('orders_amount', 'notNull')] }]);
    expect(sqlState(() => plan('SELECT orders_status FROM orders WHERE orders_order_date = $1').bind(['yesterday']))).toMatch(/^22007 /);
    expect(sqlState(() => plan('SELECT orders_status FROM orders LIMIT $1').bind([-1]))).toMatch(/^2201W /);
    expect(sqlState(() => plan('SELECT orders_status FROM orders OFFSET $1').bind([-1]))).toMatch(/^2201X /);
  });

  it('decides the LIKE shape at bind time and refuses a pattern no filter expresses', () => {
    const planned = plan('SELECT orders_status FROM orders WHERE orders_status ILIKE $1');
    expect(items(planned.bind(['%ok']).filters.dimensions)).toEqual([rule('orders_status', 'endsWith', ['ok'], { caseSensitive: false })]);
    expect(sqlState(() => planned.bind(['a_c']))).toMatch(/^0A000 .*_/);
    expect(sqlState(() => planned.bind(['a%c']))).toMatch(/^0A000 .*%/);
  });
});

describe('what cannot be expressed answers an error with its SQLSTATE', () => {
  it.each([
    ['selec 1', '42601'],
    ['SELECT FROM WHERE', '42601'],
    ['SELECT 1; SELECT 2', '42601'],
    ['SELECT orders_status FROM nowhere', '42P01'],
    ['SELECT orders_status FROM analytics.orders', '42P01'],
    ['SELECT nope FROM orders', '42703'],
    ['SELECT x.orders_status FROM orders', '42P01'],
    ['SELECT orders_status FROM orders WHERE nope = 1', '42703'],
    ['SELECT orders_status FROM orders ORDER BY nope', '42703'],
    ['SELECT orders_status FROM orders JOIN customers ON true', '0A000'],
    ['SELECT orders_status FROM orders, customers', '0A000'],
    ['SELECT orders_status FROM orders a, orders b', '0A000'],
    ['SELECT orders_status FROM (SELECT * FROM orders) o', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_status IN (SELECT customers_name FROM customers)', '0A000'],
    ['SELECT orders_status FROM orders WHERE EXISTS (SELECT 1 FROM orders)', '0A000'],
    ['SELECT orders_status, (SELECT 1) FROM orders', '0A000'],
    ['SELECT orders_status FROM orders, pg_catalog.pg_class', '0A000'],
    ['SELECT orders_status FROM orders UNION SELECT orders_status FROM orders', '0A000'],
    ['WITH t AS (SELECT orders_status FROM orders) SELECT * FROM t', '0A000'],
    ['SELECT orders_status, RANK() OVER (ORDER BY orders_status) FROM orders', '0A000'],
    ['SELECT MEASURE(orders_total) OVER () FROM orders', '0A000'],
    ['SELECT upper(orders_status) FROM orders', '0A000'],
    ['SELECT orders_amount + 1 FROM orders', '0A000'],
    ['SELECT orders_status::varchar FROM orders', '0A000'],
    ['SELECT 1 FROM orders', '0A000'],
    ['SELECT COUNT(*) FROM orders', '0A000'],
    ['SELECT SUM(orders_amount) FROM orders', '0A000'],
    ['SELECT MEASURE(orders_status) FROM orders', '0A000'],
    ['SELECT AVG(orders_total) FROM orders', '42803'],
    ['SELECT COUNT(orders_customers) FROM orders', '42803'],
    ['SELECT SUM(orders_ratio) FROM orders', '42803'],
    ['SELECT orders_status FROM orders WHERE upper(orders_status) = $1', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_amount + 1 > 3', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_amount = orders_amount', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_status < $1', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_status BETWEEN 1 AND 2', '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_amount LIKE $1', '42883'],
    ["SELECT orders_status FROM orders WHERE orders_status = 1", '42883'],
    ["SELECT orders_status FROM orders WHERE orders_status NOT LIKE 'a%'", '0A000'],
    ["SELECT orders_status FROM orders WHERE orders_status ~ 'a'", '0A000'],
    ["SELECT orders_status FROM orders WHERE orders_status = 'a' OR orders_total > 3", '0A000'],
    ['SELECT orders_status FROM orders WHERE orders_amount', '42804'],
    ["SELECT orders_status FROM orders WHERE orders_order_date = 'soon'", '22007'],
    ["SELECT orders_status FROM orders WHERE orders_amount = 'many'", '22P02'],
    ['SELECT orders_status FROM orders ORDER BY orders_amount', '0A000'],
    ['SELECT orders_status FROM orders ORDER BY upper(orders_status)', '0A000'],
    ['SELECT orders_status FROM orders ORDER BY 2', '42P10'],
    ['SELECT orders_status FROM orders LIMIT -1', '2201W'],
    ['SELECT orders_status FROM orders ORDER BY 1 FETCH FIRST 3 ROWS WITH TIES', '0A000'],
    ['SELECT DISTINCT ON (orders_status) orders_status FROM orders', '0A000'],
    ['SELECT orders_status FROM orders FOR UPDATE', '25006'],
    ['SELECT orders_status INTO t FROM orders', '25006'],
    ['SELECT orders_status, MEASURE(orders_total) FROM orders GROUP BY 1 HAVING orders_amount > 1', '42803'],
    ["INSERT INTO orders VALUES ('x')", '25006'],
    ["UPDATE orders SET orders_status = 'x'", '25006'],
    ['DELETE FROM orders', '25006'],
    ['CREATE TABLE t (a int)', '25006'],
    ['DROP TABLE orders', '25006'],
    ['GRANT SELECT ON orders TO public', '25006'],
    ['TRUNCATE orders', '25006'],
    ['COPY orders TO STDOUT', '0A000'],
    ['COPY (SELECT orders_status FROM orders) TO STDOUT', '0A000'],
    ['EXPLAIN SELECT orders_status FROM orders', '0A000'],
    ['PREPARE p AS SELECT 1', '0A000'],
    ['SAVEPOINT a', '0A000'],
    ['LISTEN x', '0A000'],
  ])('%s → %s', (sql, state) => {
    expect(sqlState(() => planSql(sql, TEST_CATALOG).kind === 'metricQuery' && (planSql(sql, TEST_CATALOG) as MetricQueryPlan).bind([]))).toMatch(
      new RegExp(`^${state} `),
    );
  });

  it('names the construct in the message', () => {
    expect(sqlState(() => planSql('SELECT orders_status FROM orders JOIN customers ON true', TEST_CATALOG))).toMatch(/joins between explores/);
    expect(sqlState(() => planSql('SELECT orders_status, RANK() OVER (ORDER BY orders_status) FROM orders', TEST_CATALOG))).toMatch(/window functions/);
    expect(sqlState(() => planSql('SELECT orders_status FROM nowhere', TEST_CATALOG))).toMatch(/relation "nowhere" does not exist/);
    expect(sqlState(() => planSql('SELECT nope FROM orders', TEST_CATALOG))).toMatch(/column "nope" does not exist/);
    expect(sqlState(() => planSql('SELECT AVG(orders_total) FROM orders', TEST_CATALOG))).toMatch(/use MEASURE\(orders_total\) or SUM\(orders_total\)/);
    expect(sqlState(() => planSql('DELETE FROM orders', TEST_CATALOG))).toMatch(/DELETE/);
  });
});
