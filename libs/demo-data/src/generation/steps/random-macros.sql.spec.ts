import { withDuckDb } from '../duckdb-session';
import { randomMacrosSql } from './random-macros.sql';

/** Statistics of 200k draws, to catch draws that are biased or tied to each other. */
async function drawStatistics(): Promise<Record<string, number>> {
  return withDuckDb(':memory:', {}, async (connection) => {
    await connection.run(randomMacrosSql());
    const reader = await connection.runAndReadAll(`
      SELECT
        avg(demo_uniform(range, 'a')) AS mean,
        min(demo_uniform(range, 'a')) AS minimum,
        max(demo_uniform(range, 'a')) AS maximum,
        corr(demo_uniform(range, 'product.category'), demo_uniform(range, 'product.price')) AS across_salts,
        corr(demo_uniform(range, 'a'), demo_uniform(range + 1, 'a')) AS across_keys,
        corr(demo_uniform2(-range, 1, 'a'), demo_uniform2(-range, 2, 'a')) AS across_steps,
        count(DISTINCT demo_pick(['x', 'y', 'z'], demo_uniform(range, 'pick'))) AS picked_options,
        sum(CASE WHEN demo_uniform2(range, CAST(3 AS INTEGER), 's') = demo_uniform2(range, CAST(3 AS BIGINT), 's') THEN 1 ELSE 0 END) AS same_for_any_integer_type
      FROM range(200000)`);
    const [row] = reader.getRowObjects();
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
  });
}

describe('random macros', () => {
  let statistics: Record<string, number>;
  beforeAll(async () => {
    statistics = await drawStatistics();
  });

  it('draw uniformly from [0, 1)', () => {
    expect(statistics['mean']).toBeCloseTo(0.5, 2);
    expect(statistics['minimum']).toBeGreaterThanOrEqual(0);
    expect(statistics['maximum']).toBeLessThan(1);
  });

  it('draw independently for different salts, keys and steps', () => {
    for (const name of ['across_salts', 'across_keys', 'across_steps']) {
      expect(Math.abs(statistics[name])).toBeLessThan(0.01);
    }
  });

  it('pick every option of a list and draw the same value whatever the integer type of a key', () => {
    expect(statistics['picked_options']).toBe(3);
    expect(statistics['same_for_any_integer_type']).toBe(200000);
  });
});
