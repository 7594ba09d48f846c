import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import { ParameterError } from '@quarry/domain';
import { SeededRandom } from '@quarry/testing';
import type { WarehouseAdapter } from '@quarry/warehouses';

import { compile } from './index';
import { withColumnNames } from './lib/columns/column-names';
import type { CompiledQuery } from './lib/compile-types';
import { comparableRows, resultDifferences } from './test/differential/compare-results';
import { type DiffEngines, openDiffEngines } from './test/differential/diff-engines';
import { servedRows } from './test/differential/engine-cases';
import { type GeneratedCase, RandomQueryGenerator } from './test/differential/random-query';
import { loadValuePools, type ValuePools } from './test/differential/value-pools';
import { jaffleExplore, jaffleExplores } from './test/jaffle-explores';

/**
 * The differential test (issue 14): random valid metric queries, each compiled for PostgreSQL and
 * for DuckDB and run on both (identical jaffle data, through the production adapters), must return
 * the same cells, raw and formatted. Any seed reproduces its run:
 *   DIFF_SEED=123 DIFF_QUERIES=1000 npx jest -c libs/compiler/jest.config.cts differential
 */
const SEED = Number(process.env['DIFF_SEED'] ?? 14);
const QUERIES = Number(process.env['DIFF_QUERIES'] ?? 300);

describe(`differential run, PostgreSQL vs DuckDB (seed ${SEED}, ${QUERIES} queries)`, () => {
  let engines: DiffEngines;
  let pools: ValuePools;
  beforeAll(async () => {
    engines = await openDiffEngines();
    pools = await loadValuePools(jaffleExplores('postgres'), engines.postgres);
  }, 180_000);
  afterAll(async () => {
    await engines?.close();
  });

  describe.each([['postgres'], ['duckdb']] as const)('issue 14 cases on %s', (engine) => {
    it('does not shift a DATE with the query time zone; the formatted value matches the raw one', async () => {
      for (const timezone of ['Asia/Tokyo', 'America/New_York']) {
        const rows = await servedRows(engines, engine, { exploreName: 'orders', dimensions: ['orders_order_date_month'], sorts: [{ fieldId: 'orders_order_date_month', descending: false }], limit: 1, timezone });
        expect(rows).toEqual([{ orders_order_date_month: { raw: '2018-01-01T00:00:00.000Z', formatted: '2018-01' } }]);
      }
    });

    it('places nulls last ascending and first descending, also under a limit and in window orders', async () => {
      const nullable = { name: 'capped', displayName: 'capped', type: 'number' as const, sql: 'CASE WHEN ${orders.total_order_amount} > 30 THEN NULL ELSE ${orders.total_order_amount} END' };
      const query = (descending: boolean, nullsFirst?: boolean) => ({
        exploreName: 'orders',
        dimensions: ['orders_customer_id'],
        metrics: ['orders_total_order_amount'],
        tableCalculations: [nullable, { name: 'ranked', displayName: 'ranked', template: { type: 'rank_in_column' as const, fieldId: 'orders_total_order_amount' } }],
        sorts: [{ fieldId: 'capped', descending, ...(nullsFirst === undefined ? {} : { nullsFirst }) }, { fieldId: 'orders_customer_id', descending: false }],
        limit: 2,
      });
      const capped = async (descending: boolean, nullsFirst?: boolean) => (await servedRows(engines, engine, query(descending, nullsFirst))).map((row) => row['capped']?.raw ?? null);
      expect(await capped(true)).toEqual([null, null]);
      expect((await capped(false)).every((value) => value !== null)).toBe(true);
      expect(await capped(false, true)).toEqual([null, null]);
      expect((await capped(true, false)).every((value) => value !== null)).toBe(true);
    });

    it('matches LIKE wildcards in filter values literally', async () => {
      const statuses = async (operator: 'include' | 'startsWith' | 'endsWith' | 'doesNotInclude', value: string) =>
        (await servedRows(engines, engine, { exploreName: 'orders', dimensions: ['orders_status'], sorts: [{ fieldId: 'orders_status', descending: false }], filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator, values: [value] }] } } })).map(
          (row) => row['orders_status']?.raw,
        );
      expect(await statuses('include', '_')).toEqual(['return_pending']);
      expect(await statuses('include', 'n_p')).toEqual(['return_pending']);
      expect(await statuses('startsWith', '%')).toEqual([]);
      expect(await statuses('endsWith', '_')).toEqual([]);
      expect(await statuses('doesNotInclude', '_')).toEqual(['completed', 'placed', 'returned', 'shipped']);
    });

    it('returns fields whose ids pass the identifier limit under their ids, two sharing 63 characters apart', async () => {
      const prefix = 'a_custom_metric_whose_name_goes_well_past_the_sixty_three_byte_limit';
      const rows = await servedRows(engines, engine, {
        exploreName: 'orders',
        dimensions: ['orders_order_date_month'],
        metrics: [`orders_${prefix}_sum`, `orders_${prefix}_count`],
        additionalMetrics: [
          { name: `${prefix}_sum`, table: 'orders', type: 'sum', sql: '${TABLE}.amount', baseDimensionName: 'amount' },
          { name: `${prefix}_count`, table: 'orders', type: 'count', sql: '${TABLE}.order_id', baseDimensionName: 'order_id' },
        ],
        tableCalculations: [{ name: `${prefix}_calculation`, displayName: 'calc', sql: `\${orders.${prefix}_sum} + 1` }],
        periodOverPeriod: { type: 'previousPeriod', field: { table: 'orders', name: 'order_date_month' }, granularity: 'MONTH', periodOffset: 1 },
        sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
        limit: 2,
      });
      const [january, february] = rows as unknown as [Record<string, { raw: unknown }>, Record<string, { raw: unknown }>];
      const values = (row: Record<string, { raw: unknown }>) => Object.fromEntries(Object.entries(row).map(([id, cell]) => [id.replace(/__[0-9a-f]{6}$/, ''), Number(cell.raw ?? Number.NaN)]));
      expect(values(january)).toMatchObject({ [`orders_${prefix}_sum`]: 496, [`orders_${prefix}_count`]: 29, [`${prefix}_calculation`]: 497 });
      expect(values(february)).toMatchObject({ [`orders_${prefix}_sum`]: 415, [`orders_${prefix}_count`]: 27, [`orders_${prefix}_sum__pop__month_1`]: 496, [`orders_${prefix}_count__pop__month_1`]: 29 });
    });

    it('formats a date zoomed to a year at that grain', async () => {
      const rows = await servedRows(engines, engine, { exploreName: 'orders', dimensions: ['orders_order_date_month'], metrics: ['orders_unique_order_count'] }, { dateZoom: { granularity: 'Year' } });
      expect(rows).toEqual([{ orders_order_date_month: { raw: '2018-01-01T00:00:00.000Z', formatted: '2018' }, orders_unique_order_count: { raw: 99, formatted: '99' } }]);
    });
  });

  it('finds no difference', async () => {
    const generator = new RandomQueryGenerator(new SeededRandom(SEED), jaffleExplores('postgres'), pools);
    const failures: string[] = [];
    let compared = 0;
    let rejected = 0;
    let withRows = 0;
    for (let index = 0; compared < QUERIES; index++) {
      const generated = generator.next();
      const compiled = compileOnBoth(generated);
      if (compiled === 'rejected') {
        // The generator aims at valid queries; a few combinations the compiler refuses (a 400) are skipped.
        rejected += 1;
        if (rejected > QUERIES / 4) throw new Error(`The generator made ${rejected} queries the compiler refuses (seed ${SEED}): it should make valid ones`);
        continue;
      }
      compared += 1;
      const problem = await difference(generated, compiled, engines);
      if (problem.rows > 0) withRows += 1;
      if (problem.differences.length > 0) {
        failures.push(
          [
            `Seed ${SEED}, query #${index} differs:`,
            ...problem.differences.map((line) => `  ${line}`),
            `query: ${JSON.stringify(generated.query)}`,
            `context: ${JSON.stringify(generated.context)}`,
            `postgres SQL (params ${JSON.stringify(compiled.postgres.params)}):\n${compiled.postgres.sql}`,
            `duckdb SQL (params ${JSON.stringify(compiled.duckdb.params)}):\n${compiled.duckdb.sql}`,
          ].join('\n'),
        );
      }
    }
    process.stdout.write(`differential seed ${SEED}: ${compared} queries compared (${withRows} with rows), ${rejected} refused by the compiler, ${failures.length} different\n`);
    // Most queries must return rows, or the comparison says little.
    expect(withRows).toBeGreaterThan(compared / 2);
    expect(failures.slice(0, 5)).toEqual([]);
  }, 900_000);
});

function compileOnBoth(generated: GeneratedCase): { postgres: CompiledQuery; duckdb: CompiledQuery } | 'rejected' {
  const on = (type: 'postgres' | 'duckdb'): CompiledQuery | ParameterError => {
    try {
      return compile(jaffleExplore(generated.query.exploreName, type), generated.query, dialectFor(type), generated.context);
    } catch (error) {
      if (error instanceof ParameterError) return error;
      throw error;
    }
  };
  const [postgres, duckdb] = [on('postgres'), on('duckdb')];
  if (postgres instanceof ParameterError && duckdb instanceof ParameterError) return 'rejected';
  if (postgres instanceof ParameterError || duckdb instanceof ParameterError) {
    throw new Error(`Compiles for one engine only (seed ${SEED}): ${String(postgres instanceof ParameterError ? postgres.message : (duckdb as ParameterError).message)}\n${JSON.stringify(generated.query)}`);
  }
  return { postgres, duckdb };
}

/** PostgreSQL's "integer out of range" / "numeric field overflow", DuckDB's "Out of Range Error: Overflow …". */
const NUMERIC_OVERFLOW = /out of range|overflow/i;

async function difference(generated: GeneratedCase, compiled: { postgres: CompiledQuery; duckdb: CompiledQuery }, engines: DiffEngines): Promise<{ rows: number; differences: string[] }> {
  const run = async (adapter: WarehouseAdapter, query: CompiledQuery): Promise<Array<Record<string, unknown>> | Error> => {
    try {
      const timezone = generated.query.timezone;
      const { rows } = await adapter.runQuery(query.sql, query.params, timezone ? { timezone } : {});
      return rows.map((row) => withColumnNames(row, query.columnNames));
    } catch (error) {
      return error as Error;
    }
  };
  const [postgres, duckdb] = await Promise.all([run(engines.postgres, compiled.postgres), run(engines.duckdb, compiled.duckdb)]);
  // Arithmetic past the column type's range (a table calculation doubling a 2e9 id in INT32) is
  // refused by both engines: the same answer, an error, not a difference.
  if (postgres instanceof Error && duckdb instanceof Error && NUMERIC_OVERFLOW.test(postgres.message) && NUMERIC_OVERFLOW.test(duckdb.message)) return { rows: 0, differences: [] };
  if (postgres instanceof Error || duckdb instanceof Error) {
    return { rows: 0, differences: [`failed: postgres ${postgres instanceof Error ? postgres.message : 'ok'}; duckdb ${duckdb instanceof Error ? duckdb.message : 'ok'}`] };
  }
  const ids = Object.keys(compiled.postgres.fields);
  if (JSON.stringify(ids) !== JSON.stringify(Object.keys(compiled.duckdb.fields))) return { rows: 0, differences: ['the two compilations return different fields'] };
  const keyIndex = generated.orderKey === null ? null : ids.indexOf(generated.orderKey);
  const differences = resultDifferences(comparableRows(postgres, compiled.postgres.fields), comparableRows(duckdb, compiled.duckdb.fields), ids, {
    total: generated.totalOrder,
    keyIndex: keyIndex === null || keyIndex < 0 ? null : keyIndex,
  });
  return { rows: postgres.length, differences };
}
