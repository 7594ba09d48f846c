import { dialectFor } from '@quarry/dialects';
import type { Explore, Metric, MetricQuery } from '@quarry/domain';

import { compile } from './index';
import { jaffleExplore } from './test/jaffle-explores';

const postgres = dialectFor('postgres');

function query(parts: Partial<MetricQuery>): MetricQuery {
  return { exploreName: 'orders', dimensions: [], metrics: [], filters: {}, sorts: [], limit: 500, tableCalculations: [], ...parts };
}

/** The orders explore, changed for one test (the fixture has no sql_where, relationships or post-calculation metrics). */
function ordersExplore(change: (explore: Explore) => void): Explore {
  const explore = structuredClone(jaffleExplore('orders'));
  change(explore);
  return explore;
}

describe('joins', () => {
  it('joins only the tables a query reads', () => {
    const { sql } = compile(
      jaffleExplore('orders'),
      query({ dimensions: ['orders_status'], metrics: ['orders_total_order_amount'] }),
      postgres,
    );
    expect(sql).not.toContain('JOIN');
    const joined = compile(
      jaffleExplore('orders'),
      query({
        dimensions: ['orders_status'],
        metrics: ['orders_total_order_amount'],
        filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'customers_first_name' }, operator: 'notNull' }] } },
      }),
      postgres,
    );
    expect(joined.sql).toContain(
      'LEFT OUTER JOIN "postgres"."jaffle"."customers" AS "customers"\n  ON ("customers".customer_id) = ("orders".customer_id)',
    );
  });

  it('joins `always` tables and writes the join type', () => {
    const explore = ordersExplore((e) => {
      const join = e.joinedTables[0];
      if (join) Object.assign(join, { always: true, type: 'inner' });
    });
    expect(compile(explore, query({ metrics: ['orders_total_order_amount'] }), postgres).sql).toContain(
      'INNER JOIN "postgres"."jaffle"."customers" AS "customers"',
    );
  });

  it('applies the base sql_where with user attributes bound, joining the tables it reads', () => {
    const explore = ordersExplore((e) => {
      const orders = e.tables['orders'];
      if (orders) orders.sqlWhere = '("customers".first_name) = ${ld.attr.name}';
    });
    const compiled = compile(explore, query({ metrics: ['orders_total_order_amount'] }), postgres, { userAttributes: { name: 'Ann' } });
    expect(compiled.sql).toContain('WHERE (("customers".first_name) = $1)');
    expect(compiled.sql).toContain('JOIN "postgres"."jaffle"."customers"');
    expect(compiled.params).toEqual(['Ann']);
  });

  it('applies required filters as literals unless the query already filters that dimension', () => {
    const explore = ordersExplore((e) => {
      const orders = e.tables['orders'];
      if (orders)
        orders.requiredFilters = [
          { id: 'req', target: { fieldRef: 'status' }, operator: 'equals', values: ['completed'], required: true },
          { id: 'def', target: { fieldRef: 'amount' }, operator: 'greaterThan', values: [0], required: false },
        ];
    });
    const required = compile(explore, query({ metrics: ['orders_total_order_amount'] }), postgres);
    expect(required.sql).toContain('WHERE (\n  ("orders".status) IN (\'completed\')\n)');
    expect(required.sql).not.toContain('"orders".amount) >');
    const overridden = compile(
      explore,
      query({
        metrics: ['orders_total_order_amount'],
        filters: {
          dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'equals', values: ['returned'] }] },
        },
      }),
      postgres,
    );
    expect(overridden.sql).not.toContain("'completed'");
    expect(overridden.params).toEqual(['returned']);
  });
});

describe('fan-out', () => {
  it('warns when joins declare no relationship', () => {
    const { warnings } = compile(
      jaffleExplore('payments'),
      query({
        exploreName: 'payments',
        dimensions: ['orders_status'],
        metrics: ['payments_total_revenue', 'payments_unique_payment_count'],
      }),
      postgres,
    );
    expect(warnings).toEqual([expect.objectContaining({ fields: ['payments_total_revenue'], tables: ['orders'] })]);
  });

  it('names the metrics a many-to-one join inflates', () => {
    const explore = ordersExplore((e) => {
      const join = e.joinedTables[0];
      if (join) join.relationship = 'many-to-one';
    });
    const { warnings } = compile(
      explore,
      query({
        dimensions: ['orders_status'],
        metrics: ['orders_total_order_amount', 'customers_date_of_first_created_customer'],
        filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'customers_first_name' }, operator: 'notNull' }] } },
      }),
      postgres,
    );
    expect(warnings).toEqual([]);
  });

  it('no join, no warning', () => {
    expect(compile(jaffleExplore('orders'), query({ metrics: ['orders_total_order_amount'] }), postgres).warnings).toEqual([]);
  });
});

describe('post-calculation metrics', () => {
  const explore = ordersExplore((e) => {
    const orders = e.tables['orders'];
    const total = orders?.metrics['total_order_amount'] as Metric;
    for (const type of ['percent_of_total', 'running_total', 'percent_of_previous'] as const) {
      if (orders)
        orders.metrics[type] = { ...total, name: type, type, sql: '${total_order_amount}', compiledSql: `(${total.compiledSql})` };
    }
  });

  it('computes them as window functions in a postcalculation_metrics stage', () => {
    const { sql } = compile(
      explore,
      query({
        dimensions: ['orders_status'],
        metrics: ['orders_percent_of_total', 'orders_running_total', 'orders_percent_of_previous'],
        sorts: [{ fieldId: 'orders_status', descending: false }],
      }),
      postgres,
    );
    expect(sql).toContain('postcalculation_metrics AS (');
    expect(sql).toContain(
      '(CAST("orders_percent_of_total" AS DOUBLE PRECISION) / CAST(NULLIF(SUM("orders_percent_of_total") OVER (), 0) AS DOUBLE PRECISION)) AS "orders_percent_of_total"',
    );
    expect(sql).toContain(
      'SUM("orders_running_total") OVER (ORDER BY "orders_status" NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "orders_running_total"',
    );
    expect(sql).toContain('LAG("orders_percent_of_previous") OVER (ORDER BY "orders_status" NULLS LAST)');
  });
});

describe('parameters', () => {
  const customDimensions = [
    {
      id: 'p',
      name: 'P',
      table: 'orders',
      type: 'sql' as const,
      sql: '${ld.parameters.threshold} + ${lightdash.parameters.orders.bonus}',
      dimensionType: 'number' as const,
    },
  ];

  it('binds provided parameters and reports every reference', () => {
    const compiled = compile(jaffleExplore('orders'), query({ dimensions: ['p'], customDimensions }), postgres, {
      parameters: { threshold: 5, bonus: 2 },
    });
    expect(compiled.sql).toContain('(CAST($1 AS NUMERIC) + CAST($2 AS NUMERIC)) AS "p"');
    expect(compiled.params).toEqual([5, 2]);
    expect(compiled.parameterReferences).toEqual(['orders.bonus', 'threshold']);
    expect(compiled.missingParameterReferences).toEqual([]);
  });

  it('leaves unresolved parameters in place and reports them', () => {
    const compiled = compile(jaffleExplore('orders'), query({ dimensions: ['p'], customDimensions }), postgres, {
      parameters: { threshold: 5 },
    });
    expect(compiled.sql).toContain('${lightdash.parameters.orders.bonus}');
    expect(compiled.missingParameterReferences).toEqual(['orders.bonus']);
  });
});

describe('result fields', () => {
  it('holds selected dimensions, custom dimensions, metrics, custom metrics and table calculations, with metric overrides', () => {
    const compiled = compile(
      jaffleExplore('orders'),
      query({
        dimensions: ['orders_status', 'bin'],
        metrics: ['orders_total_order_amount', 'orders_biggest'],
        additionalMetrics: [{ name: 'biggest', table: 'orders', type: 'max', sql: '${TABLE}.amount', label: 'Biggest' }],
        customDimensions: [
          { id: 'bin', name: 'Bin', table: 'orders', type: 'bin', dimensionId: 'orders_amount', binType: 'fixed_width', binWidth: 5 },
        ],
        tableCalculations: [{ name: 'twice', displayName: 'Twice', sql: '${orders.total_order_amount} * 2' }],
        metricOverrides: { orders_total_order_amount: { formatOptions: { type: 'currency', currency: 'EUR' } } },
      }),
      postgres,
    );
    expect(Object.keys(compiled.fields)).toEqual(['orders_status', 'bin', 'orders_total_order_amount', 'orders_biggest', 'twice']);
    expect(compiled.fields['orders_total_order_amount']).toMatchObject({
      type: 'sum',
      formatOptions: { type: 'currency', currency: 'EUR' },
    });
    expect(compiled.fields['orders_biggest']).toMatchObject({ fieldType: 'metric', label: 'Biggest', compiledSql: 'MAX("orders".amount)' });
    expect(compiled.fields['twice']).toMatchObject({ displayName: 'Twice' });
  });
});

describe('display mode', () => {
  it('renders bound values inline as escaped literals and sends no values', () => {
    const compiled = compile(
      jaffleExplore('orders'),
      query({
        dimensions: ['orders_status'],
        filters: {
          dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'equals', values: ["it's"] }] },
        },
      }),
      postgres,
      {},
      { inlineParams: true },
    );
    expect(compiled.sql).toContain("(\"orders\".status) IN ('it''s')");
    expect(compiled.params).toEqual([]);
  });
});

describe('group by and limit', () => {
  it('groups by dimension ordinals and limits', () => {
    const { sql } = compile(
      jaffleExplore('orders'),
      query({ dimensions: ['orders_status', 'orders_order_date'], metrics: ['orders_total_order_amount'], limit: 7 }),
      postgres,
    );
    expect(sql).toMatch(/GROUP BY 1,2\nORDER BY "orders_order_date" DESC NULLS FIRST\nLIMIT 7$/);
  });

  it('groups dimension-only queries and sorts them by their first dimension', () => {
    const { sql } = compile(jaffleExplore('orders'), query({ dimensions: ['orders_status'] }), postgres);
    expect(sql).toMatch(/GROUP BY 1\nORDER BY "orders_status" NULLS LAST\nLIMIT 500$/);
  });
});

describe('row-level queries', () => {
  /** The orders explore with primary keys declared on orders and customers. */
  const keyed = (): Explore =>
    ordersExplore((e) => {
      const { orders, customers } = e.tables;
      if (orders) orders.primaryKey = ['order_id'];
      if (customers) customers.primaryKey = ['customer_id'];
    });
  const customersFilter = {
    dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'customers_first_name' }, operator: 'notNull' as const }] },
  };

  it('skips GROUP BY when the dimensions include the primary key of every table read', () => {
    const { sql } = compile(
      keyed(),
      query({ dimensions: ['orders_order_id', 'orders_status'], sorts: [{ fieldId: 'orders_order_id', descending: false }] }),
      postgres,
    );
    expect(sql).not.toContain('GROUP BY');
    expect(sql).toContain('ORDER BY "orders_order_id"');
    const joined = compile(keyed(), query({ dimensions: ['orders_order_id', 'customers_customer_id', 'customers_first_name'] }), postgres);
    expect(joined.sql).toContain('JOIN');
    expect(joined.sql).not.toContain('GROUP BY');
  });

  it('groups when a table read has no key selected, there is a metric, or no key is declared', () => {
    expect(compile(keyed(), query({ dimensions: ['orders_status'] }), postgres).sql).toContain('GROUP BY 1');
    // customers is joined for a filter only: its rows could repeat an order.
    expect(compile(keyed(), query({ dimensions: ['orders_order_id'], filters: customersFilter }), postgres).sql).toContain('GROUP BY 1');
    expect(compile(keyed(), query({ dimensions: ['orders_order_id'], metrics: ['orders_total_order_amount'] }), postgres).sql).toContain(
      'GROUP BY 1',
    );
    expect(compile(jaffleExplore('orders'), query({ dimensions: ['orders_order_id', 'orders_status'] }), postgres).sql).toContain(
      'GROUP BY 1,2',
    );
  });

  it('groups when the key is selected only through a time interval child', () => {
    const explore = ordersExplore((e) => {
      const orders = e.tables['orders'];
      if (orders) orders.primaryKey = ['order_date'];
    });
    expect(compile(explore, query({ dimensions: ['orders_order_date_month'] }), postgres).sql).toContain('GROUP BY 1');
  });
});
