import { beforeAll, describe, expect, it } from '@jest/globals';
import { compile } from '@quarry/compiler';
import { jaffleExplores, RandomQueryGenerator, type ValuePools } from '@quarry/compiler/testing';
import { dialectFor } from '@quarry/dialects';
import { type Explore, type FilterGroupItem, getFieldId, type MetricQuery } from '@quarry/domain';
import { SeededRandom } from '@quarry/testing';

import { rowPasses, type Row } from '../test/filter-semantics';
import { renderMetricQueryAsSql, sqlCatalogOfExplores } from '../testing';
import { loadSqlParser, planSql } from './plan-sql';
import type { SqlCatalogTable, SqlType } from './sql-plan';

/**
 * The round trip (issue 34): the differential fuzzer's random MetricQueries, written as SQL by
 * renderMetricQueryAsSql (literals or $n parameters, positions or names, MEASURE or the metric's own
 * aggregate), translate back to the same query: same dimensions, metrics, sorts and limit, and filters
 * that pass exactly the same rows (checked on rows drawn around every filter value, NULLs included).
 * Each translation must also compile. Constructs SQL cannot say are skipped deterministically by the
 * renderer (table calculations, custom metrics/dimensions, period over period, relative-date operators,
 * disabled rules) and left out of the expected query. Reproduce with QUARRY_SQL_SEED=<n>.
 */
const SEED = Number(process.env['QUARRY_SQL_SEED'] ?? 34);
const CASES = Number(process.env['QUARRY_SQL_CASES'] ?? 400);
const ROWS_PER_CASE = 60;

describe(`SQL round trip of random MetricQueries (seed ${SEED}, ${CASES} cases)`, () => {
  let explores: Explore[];
  beforeAll(async () => {
    await loadSqlParser();
    explores = jaffleExplores('postgres');
  });

  it('translates every rendered query back to an equivalent MetricQuery', () => {
    const catalog = sqlCatalogOfExplores(explores);
    const random = new SeededRandom(SEED);
    const generator = new RandomQueryGenerator(new SeededRandom(SEED + 1), explores, syntheticPools(explores));
    let rendered = 0;
    let attempts = 0;
    let invalid = 0;
    const skippedConstructs = new Set<string>();
    while (rendered < CASES && attempts < CASES * 5) {
      attempts += 1;
      const generated = generator.next();
      const explore = explores.find((candidate) => candidate.name === generated.query.exploreName) as Explore;
      const table = catalog.tables.find((candidate) => candidate.name === explore.name) as SqlCatalogTable;
      const query = withExplicitCase(generated.query, explore);
      const sql = renderMetricQueryAsSql(query, table, { parameters: attempts % 2 === 0, choose: (count) => random.int(0, count - 1) });
      if (!sql) continue;
      // The generator filters interval children with their base's values: a number grain (quarter_num) of a
      // timestamp gets timestamps. runQuery refuses such a query too; it says nothing about the translator.
      if (!compiles(explore, sql.expected)) {
        invalid += 1;
        continue;
      }
      rendered += 1;
      sql.skipped.forEach((what) => skippedConstructs.add(what));
      const label = `case ${attempts} (seed ${SEED}): ${sql.sql} ${JSON.stringify(sql.parameters)}`;
      const plan = planSql(sql.sql, catalog);
      if (plan.kind !== 'metricQuery') throw new Error(`${label} planned as ${plan.kind}`);
      const translated = plan.bind(sql.parameters);
      const { expected } = sql;
      expect({ label, shape: shapeOf(translated) }).toEqual({ label, shape: shapeOf(expected, true) });
      const typeOf = (fieldId: string): SqlType => table.columns.find((column) => column.name === fieldId)?.type ?? 'text';
      for (const row of sampleRows(random, [expected, translated], typeOf)) {
        for (const group of ['dimensions', 'metrics'] as const) {
          const want = rowPasses(expected.filters[group] as FilterGroupItem | undefined, row, typeOf);
          const got = rowPasses(translated.filters[group] as FilterGroupItem | undefined, row, typeOf);
          if (want !== got) throw new Error(`${label}\n${group} filters differ on ${JSON.stringify(row)}: expected ${want}\n${JSON.stringify(translated.filters[group])}`);
        }
      }
      expect({ label, compiles: compiles(explore, translated) }).toEqual({ label, compiles: true });
    }
    expect(rendered).toBe(CASES);
    expect(invalid).toBeLessThan(CASES / 4);
    // The skipped constructs are the ones the renderer documents, nothing else.
    expect([...skippedConstructs].every((what) => /^(table calculation|custom|period over period|relative date operators|disabled rules|filters on custom|rules without values)/.test(what))).toBe(true);
  });
});

function compiles(explore: Explore, query: MetricQuery): boolean {
  try {
    compile(explore, query, dialectFor('postgres'), { now: new Date('2018-03-01T00:00:00Z'), userAttributes: { customer_id: '1' } });
    return true;
  } catch {
    return false;
  }
}

/** What must match exactly. Absent null placement means the warehouse default, PostgreSQL's: NULLs sort as largest. */
function shapeOf(query: MetricQuery, expected = false): unknown {
  return {
    exploreName: query.exploreName,
    dimensions: query.dimensions,
    metrics: query.metrics,
    sorts: query.sorts.map((sort) => ({ ...sort, nullsFirst: expected ? (sort.nullsFirst ?? sort.descending) : sort.nullsFirst })),
    limit: query.limit,
    tableCalculations: query.tableCalculations,
  };
}

/** Text rules say their case sensitivity (the field's, else the explore's): the SQL says it too. */
function withExplicitCase(query: MetricQuery, explore: Explore): MetricQuery {
  const dimensions = new Map(Object.values(explore.tables).flatMap((table) => Object.values(table.dimensions)).map((dimension) => [getFieldId(dimension), dimension]));
  const visit = (item: FilterGroupItem): FilterGroupItem => {
    if ('and' in item) return { ...item, and: item.and.map(visit) };
    if ('or' in item) return { ...item, or: item.or.map(visit) };
    const dimension = dimensions.get(item.target.fieldId);
    if (dimension?.type !== 'string' || item.caseSensitive !== undefined) return item;
    return { ...item, caseSensitive: dimension.caseSensitive ?? explore.caseSensitive ?? true };
  };
  const dimensionFilters = query.filters.dimensions;
  return { ...query, filters: { ...query.filters, ...(dimensionFilters ? { dimensions: visit(dimensionFilters) as typeof dimensionFilters } : {}) } };
}

/** Rows whose values sit on, around and away from every filter value of both queries, and NULL. */
function sampleRows(random: SeededRandom, queries: MetricQuery[], typeOf: (fieldId: string) => SqlType): Row[] {
  const candidates = new Map<string, unknown[]>();
  const visit = (item: FilterGroupItem | undefined): void => {
    if (!item) return;
    if ('and' in item) return item.and.forEach(visit);
    if ('or' in item) return item.or.forEach(visit);
    const list = candidates.get(item.target.fieldId) ?? [null];
    for (const value of item.values ?? []) list.push(...around(value, typeOf(item.target.fieldId)));
    candidates.set(item.target.fieldId, list);
  };
  for (const query of queries) {
    visit(query.filters.dimensions);
    visit(query.filters.metrics);
  }
  return Array.from({ length: ROWS_PER_CASE }, () => Object.fromEntries([...candidates].map(([fieldId, values]) => [fieldId, random.pick(values)])));
}

function around(value: unknown, type: SqlType): unknown[] {
  if (type === 'text') {
    const text = String(value);
    return [text, text.toUpperCase(), text.toLowerCase(), `x${text}`, `${text}y`, `x${text}y`, text.slice(1), 'other'];
  }
  if (type === 'bool') return [true, false];
  if (type === 'date') {
    const day = Date.parse(`${String(value).slice(0, 10)}T00:00:00Z`);
    return [-1, 0, 1].map((offset) => new Date(day + offset * 86_400_000).toISOString().slice(0, 10));
  }
  if (type === 'timestamp' || type === 'timestamptz') {
    const at = Date.parse(`${String(value).replace(' ', 'T')}${String(value).length === 10 ? 'T00:00:00' : ''}Z`);
    return [-1000, 0, 1000].map((offset) => new Date(at + offset).toISOString());
  }
  const number = Number(value);
  return [number - 0.5, number, number + 0.5];
}

/** Values the generator draws filter values from: a few of each type, with quotes, wildcards and backslashes. */
function syntheticPools(explores: readonly Explore[]): ValuePools {
  const types = new Map(explores.flatMap((explore) => Object.values(explore.tables).flatMap((table) => Object.values(table.dimensions))).map((d) => [getFieldId(d), d.type]));
  const byType: Record<string, unknown[]> = {
    string: ['completed', 'returned', 'placed', "o'brien", 'a_b', '50%', 'Ünïcode', 'back\\slash'],
    number: [0, 1, 2.5, 10, 42, -3, 100],
    date: ['2018-01-01', '2018-01-15', '2018-02-28', '2018-03-31'],
    timestamp: ['2018-01-01 00:00:00', '2018-01-15 13:45:10', '2018-03-31 23:59:59'],
  };
  return { values: (fieldId) => byType[types.get(fieldId) ?? ''] ?? [] };
}
