import { writeFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import { ParameterError } from '@quarry/domain';
import { SeededRandom } from '@quarry/testing';

import { compile } from './index';
import { withColumnNames } from './lib/columns/column-names';
import type { CompiledQuery } from './lib/compile-types';
import { comparableRows, resultDifferences } from './test/differential/compare-results';
import { DIFF_ENGINES, type DiffEngines, diffExplore, type EngineName, openDiffEngines } from './test/differential/diff-engines';
import { servedRows } from './test/differential/engine-cases';
import { type GeneratedCase, RandomQueryGenerator } from './test/differential/random-query';
import { loadValuePools, type ValuePools } from './test/differential/value-pools';
import { jaffleExplores } from './test/jaffle-explores';

/**
 * The differential test (issues 14, 32): random valid metric queries, each compiled for PostgreSQL,
 * DuckDB and ClickHouse and run on the three (identical jaffle data, through the production
 * adapters; ClickHouse is chDB behind its HTTP interface), must return the same cells, raw and
 * formatted. Any seed reproduces its run:
 *   DIFF_SEED=123 DIFF_QUERIES=1000 npx jest -c libs/compiler/jest.config.cts differential
 */
const SEED = Number(process.env['DIFF_SEED'] ?? 14);
const QUERIES = Number(process.env['DIFF_QUERIES'] ?? 300);

describe(`differential run, PostgreSQL vs DuckDB vs ClickHouse (seed ${SEED}, ${QUERIES} queries)`, () => {
  let engines: DiffEngines;
  let pools: ValuePools;
  beforeAll(async () => {
    engines = await openDiffEngines();
    pools = await loadValuePools(jaffleExplores('postgres'), engines.postgres);
  }, 180_000);
  afterAll(async () => {
    await engines?.close();
  });

  describe.each(DIFF_ENGINES.map((engine) => [engine]))('issue 14 cases on %s', (engine) => {
    it('does not shift a DATE with the query time zone; the formatted value matches the raw one', async () => {
      for (const timezone of ['Asia/Tokyo', 'America/New_York']) {
        const rows = await servedRows(engines, engine, {
          exploreName: 'orders',
          dimensions: ['orders_order_date_month'],
          sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
          limit: 1,
          timezone,
        });
        expect(rows).toEqual([{ orders_order_date_month: { raw: '2018-01-01T00:00:00.000Z', formatted: '2018-01' } }]);
      }
    });

    it('places nulls last ascending and first descending, also under a limit and in window orders', async () => {
      const nullable = {
        name: 'capped',
        displayName: 'capped',
        type: 'number' as const,
        sql: 'CASE WHEN ${orders.total_order_amount} > 30 THEN NULL ELSE ${orders.total_order_amount} END',
      };
      const query = (descending: boolean, nullsFirst?: boolean) => ({
        exploreName: 'orders',
        dimensions: ['orders_customer_id'],
        metrics: ['orders_total_order_amount'],
        tableCalculations: [
          nullable,
          { name: 'ranked', displayName: 'ranked', template: { type: 'rank_in_column' as const, fieldId: 'orders_total_order_amount' } },
        ],
        sorts: [
          { fieldId: 'capped', descending, ...(nullsFirst === undefined ? {} : { nullsFirst }) },
          { fieldId: 'orders_customer_id', descending: false },
        ],
        limit: 2,
      });
      const capped = async (descending: boolean, nullsFirst?: boolean) =>
        (await servedRows(engines, engine, query(descending, nullsFirst))).map((row) => row['capped']?.raw ?? null);
      expect(await capped(true)).toEqual([null, null]);
      expect((await capped(false)).every((value) => value !== null)).toBe(true);
      expect(await capped(false, true)).toEqual([null, null]);
      expect((await capped(true, false)).every((value) => value !== null)).toBe(true);
    });

    it('matches LIKE wildcards in filter values literally', async () => {
      const statuses = async (operator: 'include' | 'startsWith' | 'endsWith' | 'doesNotInclude', value: string) =>
        (
          await servedRows(engines, engine, {
            exploreName: 'orders',
            dimensions: ['orders_status'],
            sorts: [{ fieldId: 'orders_status', descending: false }],
            filters: { dimensions: { id: 'g', and: [{ id: 'r', target: { fieldId: 'orders_status' }, operator, values: [value] }] } },
          })
        ).map((row) => row['orders_status']?.raw);
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
        periodOverPeriod: {
          type: 'previousPeriod',
          field: { table: 'orders', name: 'order_date_month' },
          granularity: 'MONTH',
          periodOffset: 1,
        },
        sorts: [{ fieldId: 'orders_order_date_month', descending: false }],
        limit: 2,
      });
      const [january, february] = rows as unknown as [Record<string, { raw: unknown }>, Record<string, { raw: unknown }>];
      const values = (row: Record<string, { raw: unknown }>) =>
        Object.fromEntries(Object.entries(row).map(([id, cell]) => [id.replace(/__[0-9a-f]{6}$/, ''), Number(cell.raw ?? Number.NaN)]));
      expect(values(january)).toMatchObject({
        [`orders_${prefix}_sum`]: 496,
        [`orders_${prefix}_count`]: 29,
        [`${prefix}_calculation`]: 497,
      });
      expect(values(february)).toMatchObject({
        [`orders_${prefix}_sum`]: 415,
        [`orders_${prefix}_count`]: 27,
        [`orders_${prefix}_sum__pop__month_1`]: 496,
        [`orders_${prefix}_count__pop__month_1`]: 29,
      });
    });

    it('formats a date zoomed to a year at that grain', async () => {
      const rows = await servedRows(
        engines,
        engine,
        { exploreName: 'orders', dimensions: ['orders_order_date_month'], metrics: ['orders_unique_order_count'] },
        { dateZoom: { granularity: 'Year' } },
      );
      expect(rows).toEqual([
        {
          orders_order_date_month: { raw: '2018-01-01T00:00:00.000Z', formatted: '2018' },
          orders_unique_order_count: { raw: 99, formatted: '99' },
        },
      ]);
    });
  });

  it('finds no difference', async () => {
    const generator = new RandomQueryGenerator(new SeededRandom(SEED), jaffleExplores('postgres'), pools);
    const failures: string[] = [];
    let compared = 0;
    let rejected = 0;
    let withRows = 0;
    let zoned = 0;
    for (let index = 0; compared < QUERIES; index++) {
      const generated = generator.next();
      const compiled = compileOnEvery(generated);
      if (compiled === 'rejected') {
        // The generator aims at valid queries; a few combinations the compiler refuses (a 400) are skipped.
        rejected += 1;
        if (rejected > QUERIES / 4)
          throw new Error(`The generator made ${rejected} queries the compiler refuses (seed ${SEED}): it should make valid ones`);
        continue;
      }
      compared += 1;
      if (generated.query.timezone !== undefined && generated.query.timezone !== 'UTC') zoned += 1;
      const problem = await difference(generated, compiled, engines);
      if (problem.rows > 0) withRows += 1;
      if (problem.differences.length > 0) {
        failures.push(
          [
            `Seed ${SEED}, query #${index} differs:`,
            ...problem.differences.map((line) => `  ${line}`),
            `query: ${JSON.stringify(generated.query)}`,
            `context: ${JSON.stringify(generated.context)}`,
            ...DIFF_ENGINES.map((engine) => `${engine} SQL (params ${JSON.stringify(compiled[engine].params)}):\n${compiled[engine].sql}`),
          ].join('\n'),
        );
      }
    }
    process.stdout.write(
      `differential seed ${SEED}: ${compared} queries compared (${withRows} with rows), ${rejected} refused by the compiler, ${failures.length} different; ${zoned} under a non-UTC time zone\n`,
    );
    // Every difference, for triage: DIFF_FAILURES_FILE=/tmp/differences.txt
    if (process.env['DIFF_FAILURES_FILE']) writeFileSync(process.env['DIFF_FAILURES_FILE'], failures.join('\n\n'));
    // Most queries must return rows, or the comparison says little.
    expect(withRows).toBeGreaterThan(compared / 2);
    expect(failures.slice(0, 5)).toEqual([]);
  }, 900_000);
});

type Compiled = Record<EngineName, CompiledQuery>;

function compileOnEvery(generated: GeneratedCase): Compiled | 'rejected' {
  const on = (engine: EngineName): CompiledQuery | ParameterError => {
    try {
      return compile(diffExplore(generated.query.exploreName, engine), generated.query, dialectFor(engine), generated.context);
    } catch (error) {
      if (error instanceof ParameterError) return error;
      throw error;
    }
  };
  const results = DIFF_ENGINES.map((engine) => [engine, on(engine)] as const);
  const refused = results.filter(([, result]) => result instanceof ParameterError);
  if (refused.length === DIFF_ENGINES.length) return 'rejected';
  if (refused.length > 0) {
    const [engine, error] = refused[0] as readonly [EngineName, ParameterError];
    throw new Error(
      `Compiles on some engines only (seed ${SEED}): ${engine} refuses: ${error.message}\n${JSON.stringify(generated.query)}`,
    );
  }
  return Object.fromEntries(results) as Compiled;
}

/**
 * PostgreSQL's "integer out of range" / "numeric field overflow", DuckDB's "Out of Range Error:
 * Overflow …", ClickHouse's DECIMAL_OVERFLOW / "out of range".
 */
const NUMERIC_OVERFLOW = /out of range|overflow/i;

async function difference(
  generated: GeneratedCase,
  compiled: Compiled,
  engines: DiffEngines,
): Promise<{ rows: number; differences: string[] }> {
  const run = async (engine: EngineName): Promise<Array<Record<string, unknown>> | Error> => {
    const query = compiled[engine];
    try {
      const timezone = generated.query.timezone;
      const { rows } = await engines[engine].runQuery(query.sql, query.params, timezone ? { timezone } : {});
      return rows.map((row) => withColumnNames(row, query.columnNames));
    } catch (error) {
      return error as Error;
    }
  };
  // One engine at a time: the machine's cores are shared, and chDB serves one query at a time anyway.
  const engineNames = DIFF_ENGINES;
  const results = {} as Record<EngineName, Array<Record<string, unknown>> | Error>;
  for (const engine of engineNames) results[engine] = await run(engine);
  const errors = engineNames.filter((engine) => results[engine] instanceof Error);
  // Arithmetic past the column type's range (a table calculation doubling a 2e9 id in INT32) is
  // refused by the engines: the same answer, an error, not a difference.
  const overflows = (engine: EngineName): boolean => NUMERIC_OVERFLOW.test((results[engine] as Error).message);
  if (errors.length === engineNames.length && errors.every(overflows)) return { rows: 0, differences: [] };
  // ClickHouse widens integer arithmetic (Int32 * UInt8 is Int64), so where PostgreSQL and DuckDB
  // refuse an INT32 overflow it answers the exact value: a documented engine rule, not compared.
  if (errors.length === engineNames.length - 1 && !errors.includes('clickhouse') && errors.every(overflows))
    return { rows: 0, differences: [] };
  if (errors.length > 0) {
    return {
      rows: 0,
      differences: [
        `failed: ${engineNames.map((engine) => `${engine} ${results[engine] instanceof Error ? (results[engine] as Error).message : 'ok'}`).join('; ')}`,
      ],
    };
  }
  const ids = Object.keys(compiled.postgres.fields);
  const reference = results.postgres as Array<Record<string, unknown>>;
  const differences: string[] = [];
  for (const engine of engineNames.filter((name) => name !== 'postgres')) {
    if (JSON.stringify(ids) !== JSON.stringify(Object.keys(compiled[engine].fields))) {
      differences.push(`postgres and ${engine} compilations return different fields`);
      continue;
    }
    const keyIndex = generated.orderKey === null ? null : ids.indexOf(generated.orderKey);
    differences.push(
      ...resultDifferences(
        comparableRows(reference, compiled.postgres.fields),
        comparableRows(results[engine] as Array<Record<string, unknown>>, compiled[engine].fields),
        ids,
        { total: generated.totalOrder, keyIndex: keyIndex === null || keyIndex < 0 ? null : keyIndex },
        ['postgres', engine],
      ),
    );
  }
  return { rows: reference.length, differences };
}
