import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor, PostgresDialect } from '@quarry/dialects';
import type { MetricQuery, Sort } from '@quarry/domain';

import { compile } from './index';
import { type DiffEngines, openDiffEngines } from './test/differential/diff-engines';
import { jaffleExplore, type ModelPatch } from './test/jaffle-explores';

/** Primary keys make a query that selects them row level (ungrouped), where the cutoff applies. */
const KEYED: ModelPatch = { orders: { meta: { primary_key: 'order_id' } }, customers: { meta: { primary_key: 'customer_id' } } };
/** A sort key with ties and NULLs (orders over 20 have none). */
const CAPPED = { id: 'capped', name: 'capped', table: 'orders', type: 'sql' as const, sql: 'CASE WHEN ${orders.amount} > 20 THEN NULL ELSE ${orders.amount} END', dimensionType: 'number' as const };

function rowLevel(sorts: Sort[], limit: number, extra: Partial<MetricQuery> = {}): MetricQuery {
  return {
    exploreName: 'orders',
    dimensions: ['orders_order_id', 'orders_status', 'orders_order_date_day', 'orders_customer_id', 'capped'],
    metrics: [],
    filters: {},
    sorts,
    limit,
    tableCalculations: [],
    customDimensions: [CAPPED],
    ...extra,
  };
}

/** PostgreSQL does not take the cutoff (it reads ordered indexes); its SQL is checked on PostgreSQL all the same. */
class CuttingPostgresDialect extends PostgresDialect {
  override readonly cutsLargeSorts = true;
}

describe('sort cutoff: the SQL', () => {
  const orders = jaffleExplore('orders', 'duckdb', KEYED);
  const dialect = dialectFor('duckdb');

  it('finds the last row first sort key in a CTE and keeps the rows up to it, the filters in both', () => {
    const query = rowLevel([{ fieldId: 'orders_status', descending: false }], 5000, {
      filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'notEquals', values: ['returned'] }] } },
    });
    const { sql, params } = compile(orders, query, dialect, {}, { sortCutoffFromRows: 5000 });
    expect(sql).toContain('WITH "__sort_cutoff" AS (\nSELECT "orders".status AS "__cutoff"');
    expect(sql).toContain('ORDER BY "__cutoff" NULLS LAST\nLIMIT 1 OFFSET 4999\n)');
    expect(sql).toContain('AND ((SELECT "__cutoff" FROM "__sort_cutoff") IS NULL OR "orders".status <= (SELECT "__cutoff" FROM "__sort_cutoff"))');
    expect(sql.match(/\$1/g)).toHaveLength(2);
    expect(params).toEqual(['returned']);
    expect(sql.endsWith('ORDER BY "orders_status" NULLS LAST\nLIMIT 5000')).toBe(true);
  });

  it('keeps rows whose key is NULL when nulls come first, and compares the other way descending', () => {
    const { sql } = compile(orders, rowLevel([{ fieldId: 'capped', descending: true }], 100), dialect, {}, { sortCutoffFromRows: 1 });
    expect(sql).toContain('ORDER BY "__cutoff" DESC NULLS FIRST\nLIMIT 1 OFFSET 99');
    expect(sql).toMatch(/IS NULL OR \(CASE WHEN .+ END\) >= \(SELECT "__cutoff" FROM "__sort_cutoff"\) OR \(CASE WHEN .+ END\) IS NULL\)/);
  });

  it('leaves out the cutoff below the threshold, for grouped rows, wrapped queries, without a LIMIT and on PostgreSQL', () => {
    const sorts = [{ fieldId: 'orders_status', descending: false }];
    const cut = (query: MetricQuery, options: { withoutLimit?: boolean } = {}, warehouse: 'duckdb' | 'postgres' = 'duckdb') =>
      compile(jaffleExplore('orders', warehouse, KEYED), query, dialectFor(warehouse), {}, { sortCutoffFromRows: 100, ...options }).sql.includes('__sort_cutoff');
    expect(cut(rowLevel(sorts, 100))).toBe(true);
    expect(cut(rowLevel(sorts, 99))).toBe(false);
    expect(cut({ ...rowLevel(sorts, 100), dimensions: ['orders_status'] })).toBe(false);
    expect(cut({ ...rowLevel(sorts, 100), tableCalculations: [{ name: 'twice', displayName: 'twice', sql: "${orders.customer_id} * 2" }] })).toBe(false);
    expect(cut(rowLevel(sorts, 100), { withoutLimit: true })).toBe(false);
    expect(cut(rowLevel(sorts, 100), {}, 'postgres')).toBe(false);
    expect(compile(orders, rowLevel(sorts, 100), dialect).sql).not.toContain('__sort_cutoff');
  });
});

describe('sort cutoff: the same rows as without it, on PostgreSQL and DuckDB', () => {
  let engines: DiffEngines;
  beforeAll(async () => {
    engines = await openDiffEngines();
  }, 180_000);
  afterAll(async () => {
    await engines?.close();
  });

  const ORDERS_ROWS = 99;
  const LIMITS = [1, 2, 7, 50, ORDERS_ROWS - 1, ORDERS_ROWS, ORDERS_ROWS + 1, 500];
  const byId = { fieldId: 'orders_order_id', descending: false };
  const SORTS: Record<string, Sort[]> = {
    'status, then id': [{ fieldId: 'orders_status', descending: false }, byId],
    'status descending, then id descending': [{ fieldId: 'orders_status', descending: true }, { ...byId, descending: true }],
    'day descending, then id': [{ fieldId: 'orders_order_date_day', descending: true }, byId],
    'nullable, then id': [{ fieldId: 'capped', descending: false }, byId],
    'nullable descending (nulls first), then id': [{ fieldId: 'capped', descending: true }, byId],
    'nullable, nulls first, then id': [{ fieldId: 'capped', descending: false, nullsFirst: true }, byId],
    'nullable descending, nulls last, then id': [{ fieldId: 'capped', descending: true, nullsFirst: false }, byId],
    'customer descending, then id': [{ fieldId: 'orders_customer_id', descending: true }, byId],
  };
  const notReturned = { dimensions: { id: 'g', or: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'notEquals' as const, values: ['returned'] }, { id: 's', target: { fieldId: 'capped' }, operator: 'isNull' as const, values: [] }] } };

  async function rows(engine: 'postgres' | 'duckdb', query: MetricQuery, cut: boolean): Promise<unknown[][]> {
    const dialect = engine === 'postgres' ? new CuttingPostgresDialect() : dialectFor(engine);
    const compiled = compile(jaffleExplore('orders', engine, KEYED), query, dialect, {}, cut ? { sortCutoffFromRows: 1 } : {});
    expect(compiled.sql.includes('__sort_cutoff')).toBe(cut);
    const result = await engines[engine].runQuery(compiled.sql, compiled.params);
    return result.rows.map((row) => query.dimensions.map((id) => row[id]));
  }

  it.each(['postgres', 'duckdb'] as const)('%s: every sort, limit and filter', async (engine) => {
    let compared = 0;
    for (const [name, sorts] of Object.entries(SORTS)) {
      for (const limit of LIMITS) {
        for (const filters of [{}, notReturned]) {
          const query = rowLevel(sorts, limit, { filters });
          const expected = await rows(engine, query, false);
          expect({ name, limit, filters, rows: await rows(engine, query, true) }).toEqual({ name, limit, filters, rows: expected });
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it.each(['postgres', 'duckdb'] as const)('%s: ties on the only sort key keep the same keys and count', async (engine) => {
    for (const limit of [3, 40, 60, ORDERS_ROWS]) {
      const query = rowLevel([{ fieldId: 'orders_status', descending: false }], limit);
      const status = (found: unknown[][]) => found.map((row) => row[1]);
      expect(status(await rows(engine, query, true))).toEqual(status(await rows(engine, query, false)));
    }
  });
});
