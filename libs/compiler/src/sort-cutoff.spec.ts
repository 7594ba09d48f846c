import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import type { MetricQuery, Sort } from '@quarry/domain';

import { compile } from './index';
import { type DiffEngines, openDiffEngines } from './test/differential/diff-engines';
import { jaffleExplore, type ModelPatch } from './test/jaffle-explores';

/** Primary keys make a query that selects them row level (ungrouped), where the cutoff applies. */
const KEYED: ModelPatch = { orders: { meta: { primary_key: 'order_id' } }, customers: { meta: { primary_key: 'customer_id' } } };
/** A sort key with ties and NULLs (orders over 20 have none). */
const CAPPED = {
  id: 'capped',
  name: 'capped',
  table: 'orders',
  type: 'sql' as const,
  sql: 'CASE WHEN ${orders.amount} > 20 THEN NULL ELSE ${orders.amount} END',
  dimensionType: 'number' as const,
};

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

describe('sort cutoff: the SQL', () => {
  const orders = jaffleExplore('orders', 'duckdb', KEYED);
  const dialect = dialectFor('duckdb');

  it('stores the last row first sort key in a statement run first, and keeps the rows up to it, the filters in both', () => {
    const query = rowLevel([{ fieldId: 'orders_status', descending: false }], 5000, {
      filters: {
        dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator: 'notEquals', values: ['returned'] }] },
      },
    });
    const { sql, params, setup } = compile(orders, query, dialect, {}, { sortCutoffFromRows: 5000 });
    expect(setup).toHaveLength(2);
    const [count, key] = setup ?? [];
    // Whether there are more rows than the LIMIT (a count that stops there), then the key only if so.
    expect(count).toMatch(/^SET VARIABLE "quarry_sort_cutoff_needed" = \(SELECT COUNT\(\*\) >= 5000 FROM \(\nSELECT 1 AS "__row"\n/);
    expect(count).toContain('\nLIMIT 5000\n) AS "__rows")');
    expect(key).toMatch(/^SET VARIABLE "quarry_sort_cutoff" = \(SELECT "orders".status AS "__cutoff"\n/);
    expect(key).toContain(' AND getvariable(\'quarry_sort_cutoff_needed\')\nORDER BY "__cutoff" NULLS LAST\nLIMIT 1 OFFSET 4999)');
    expect(count?.match(/\$1/g)).toHaveLength(1);
    expect(key?.match(/\$1/g)).toHaveLength(1);
    expect(sql).toContain("AND (getvariable('quarry_sort_cutoff') IS NULL OR \"orders\".status <= getvariable('quarry_sort_cutoff'))");
    expect(sql).not.toContain('WITH');
    expect(sql.match(/\$1/g)).toHaveLength(1);
    expect(params).toEqual(['returned']);
    expect(sql.endsWith('ORDER BY "orders_status" NULLS LAST\nLIMIT 5000')).toBe(true);
  });

  it('keeps rows whose key is NULL when nulls come first, and compares the other way descending', () => {
    const { sql, setup } = compile(
      orders,
      rowLevel([{ fieldId: 'capped', descending: true }], 100),
      dialect,
      {},
      { sortCutoffFromRows: 1 },
    );
    expect(setup?.[1]).toContain('ORDER BY "__cutoff" DESC NULLS FIRST\nLIMIT 1 OFFSET 99');
    expect(sql).toMatch(/IS NULL OR \(CASE WHEN .+ END\) >= getvariable\('quarry_sort_cutoff'\) OR \(CASE WHEN .+ END\) IS NULL\)/);
  });

  it('has no setup for showing the SQL with its values inline', () => {
    const compiled = compile(
      orders,
      rowLevel([{ fieldId: 'orders_status', descending: false }], 100),
      dialect,
      {},
      { sortCutoffFromRows: 1, inlineParams: true },
    );
    expect(compiled.setup).toBeUndefined();
  });

  it('leaves out the cutoff below the threshold, for grouped rows, wrapped queries, without a LIMIT and on PostgreSQL', () => {
    const sorts = [{ fieldId: 'orders_status', descending: false }];
    const cut = (query: MetricQuery, options: { withoutLimit?: boolean } = {}, warehouse: 'duckdb' | 'postgres' = 'duckdb') => {
      const compiled = compile(
        jaffleExplore('orders', warehouse, KEYED),
        query,
        dialectFor(warehouse),
        {},
        { sortCutoffFromRows: 100, ...options },
      );
      expect(compiled.sql.includes('quarry_sort_cutoff')).toBe(compiled.setup !== undefined);
      return compiled.setup !== undefined;
    };
    expect(cut(rowLevel(sorts, 100))).toBe(true);
    expect(cut(rowLevel(sorts, 99))).toBe(false);
    expect(cut({ ...rowLevel(sorts, 100), dimensions: ['orders_status'] })).toBe(false);
    expect(
      cut({ ...rowLevel(sorts, 100), tableCalculations: [{ name: 'twice', displayName: 'twice', sql: '${orders.customer_id} * 2' }] }),
    ).toBe(false);
    expect(cut(rowLevel(sorts, 100), { withoutLimit: true })).toBe(false);
    expect(cut(rowLevel(sorts, 100), {}, 'postgres')).toBe(false);
    expect(compile(orders, rowLevel(sorts, 100), dialect).setup).toBeUndefined();
  });
});

describe('sort cutoff: the same rows as without it, on DuckDB', () => {
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
    'status descending, then id descending': [
      { fieldId: 'orders_status', descending: true },
      { ...byId, descending: true },
    ],
    'day descending, then id': [{ fieldId: 'orders_order_date_day', descending: true }, byId],
    'nullable, then id': [{ fieldId: 'capped', descending: false }, byId],
    'nullable descending (nulls first), then id': [{ fieldId: 'capped', descending: true }, byId],
    'nullable, nulls first, then id': [{ fieldId: 'capped', descending: false, nullsFirst: true }, byId],
    'nullable descending, nulls last, then id': [{ fieldId: 'capped', descending: true, nullsFirst: false }, byId],
    'customer descending, then id': [{ fieldId: 'orders_customer_id', descending: true }, byId],
  };
  const notReturned = {
    dimensions: {
      id: 'g',
      or: [
        { id: 'r', target: { fieldId: 'orders_status' }, operator: 'notEquals' as const, values: ['returned'] },
        { id: 's', target: { fieldId: 'capped' }, operator: 'isNull' as const, values: [] },
      ],
    },
  };
  /** A column bound to a user attribute: a value the query uses and its setup statement does not. */
  const TAGGED = {
    id: 'tagged',
    name: 'tagged',
    table: 'orders',
    type: 'sql' as const,
    sql: '${orders.status} || ${lightdash.attributes.tag}',
    dimensionType: 'string' as const,
  };
  const CONTEXT = { userAttributes: { tag: '-x' } };

  type Run = 'plain' | 'cut' | 'cut, setup not run';
  async function rows(query: MetricQuery, run: Run): Promise<unknown[][]> {
    const compiled = compile(
      jaffleExplore('orders', 'duckdb', KEYED),
      query,
      dialectFor('duckdb'),
      CONTEXT,
      run === 'plain' ? {} : { sortCutoffFromRows: 1 },
    );
    expect(compiled.setup !== undefined).toBe(run !== 'plain');
    const result = await engines.duckdb.runQuery(compiled.sql, compiled.params, run === 'cut' ? { setup: compiled.setup ?? [] } : {});
    return result.rows.map((row) => query.dimensions.map((id) => row[id]));
  }

  it('every sort, limit and filter, with a value bound in the columns only', async () => {
    let compared = 0;
    for (const [name, sorts] of Object.entries(SORTS)) {
      for (const limit of LIMITS) {
        for (const filters of [{}, notReturned]) {
          const query = rowLevel(sorts, limit, {
            filters,
            dimensions: [...rowLevel(sorts, limit).dimensions, 'tagged'],
            customDimensions: [CAPPED, TAGGED],
          });
          const expected = await rows(query, 'plain');
          expect({ name, limit, filters, rows: await rows(query, 'cut') }).toEqual({ name, limit, filters, rows: expected });
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('the same rows when the setup statement did not run (the key is then NULL)', async () => {
    for (const limit of [7, ORDERS_ROWS, 500]) {
      const query = rowLevel(SORTS['nullable, then id'] as Sort[], limit, { filters: notReturned });
      expect(await rows(query, 'cut, setup not run')).toEqual(await rows(query, 'plain'));
    }
  });

  it('looks for the key only when the query has more rows than its LIMIT', async () => {
    const stored = async (limit: number) => {
      const compiled = compile(
        jaffleExplore('orders', 'duckdb', KEYED),
        rowLevel([{ fieldId: 'orders_order_id', descending: true }], limit),
        dialectFor('duckdb'),
        {},
        { sortCutoffFromRows: 1 },
      );
      expect(compiled.params).toEqual([]);
      const result = await engines.duckdb.runQuery(
        "SELECT getvariable('quarry_sort_cutoff_needed') AS needed, getvariable('quarry_sort_cutoff') AS key",
        [],
        { setup: compiled.setup ?? [] },
      );
      return result.rows[0];
    };
    // Order ids run from 1 to 99: the 50th from the top is 50, the 99th is 1.
    expect(await stored(50)).toEqual({ needed: true, key: 50 });
    expect(await stored(ORDERS_ROWS)).toEqual({ needed: true, key: 1 });
    expect(await stored(ORDERS_ROWS + 1)).toEqual({ needed: false, key: null });
    expect(await stored(500)).toEqual({ needed: false, key: null });
  });

  it('ties on the only sort key keep the same keys and count', async () => {
    for (const limit of [3, 40, 60, ORDERS_ROWS]) {
      const query = rowLevel([{ fieldId: 'orders_status', descending: false }], limit);
      const status = (found: unknown[][]) => found.map((row) => row[1]);
      expect(status(await rows(query, 'cut'))).toEqual(status(await rows(query, 'plain')));
    }
  });
});
