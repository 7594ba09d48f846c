import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dialectFor } from '@quarry/dialects';
import type { CompileContext, Explore, MetricQuery } from '@quarry/domain';

import { compile } from '../index';
import { comparable } from './comparable-rows';
import { compileNamedQuery } from './compile-named-query';
import { jaffleExplores } from './jaffle-explores';
import type { LiveEngine } from './live-engines';
import { QUERY_SET } from './query-set';

/** The acceptance floor of the conformance suite (issue 4). */
const MINIMUM_QUERIES = 60;

/**
 * The conformance suite on one engine: every query of the shared set, compiled for that engine's
 * dialect, returns the rows of its hand-written SQL run on the same engine; rendered for display
 * it returns the same rows again; and every field each jaffle explore lists compiles and runs.
 */
export function describeConformance(open: () => Promise<LiveEngine>): void {
  let engine: LiveEngine;
  beforeAll(async () => {
    engine = await open();
  }, 150_000);
  afterAll(async () => {
    await engine?.close();
  });

  describe('the shared query set returns the rows of hand-written SQL', () => {
    it(`holds at least ${MINIMUM_QUERIES} queries, named uniquely`, () => {
      expect(QUERY_SET.length).toBeGreaterThanOrEqual(MINIMUM_QUERIES);
      expect(new Set(QUERY_SET.map((entry) => entry.name)).size).toBe(QUERY_SET.length);
    });

    it.each(QUERY_SET.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
      const compiled = compileNamedQuery(entry, engine.type);
      const actual = await engine.compiledRows(compiled.sql, compiled.params, Object.keys(compiled.fields));
      const expected = await engine.handRows(engine.type === 'duckdb' ? (entry.duckdbSql ?? entry.sql) : entry.sql);
      // An empty result would agree with almost any SQL: every query must return something.
      expect(actual.length).toBeGreaterThan(0);
      expect(comparable(actual, entry.ordered ?? false)).toEqual(comparable(expected, entry.ordered ?? false));
    });

    it.each(QUERY_SET.map((entry) => [entry.name, entry] as const))(
      '%s, rendered for display, runs with the same rows',
      async (_name, entry) => {
        const bound = compileNamedQuery(entry, engine.type);
        const inline = compileNamedQuery(entry, engine.type, { inlineParams: true });
        expect(inline.params).toEqual([]);
        const columns = Object.keys(bound.fields);
        // Rows without a defined order may come in any order (DuckDB aggregates in parallel).
        const ordered = entry.ordered ?? false;
        expect(comparable(await engine.compiledRows(inline.sql, [], columns), ordered)).toEqual(
          comparable(await engine.compiledRows(bound.sql, bound.params, columns), ordered),
        );
      },
    );
  });

  describe('every field a jaffle explore lists compiles and runs', () => {
    // The users explore filters on the user's customer_id attribute.
    const context: CompileContext = { userAttributes: { customer_id: '1' } };
    const names = jaffleExplores().map((explore) => explore.name);

    it.each(names)(
      '%s',
      async (name) => {
        const explore = jaffleExplores(engine.type).find((candidate) => candidate.name === name) as Explore;
        const failures: string[] = [];
        let checked = 0;
        for (const table of Object.values(explore.tables)) {
          const fields = [
            ...Object.values(table.dimensions).map((d) => ({ id: `${table.name}_${d.name}`, kind: 'dimensions' as const })),
            ...Object.values(table.metrics).map((m) => ({ id: `${table.name}_${m.name}`, kind: 'metrics' as const })),
          ];
          for (const field of fields) {
            checked += 1;
            const query: MetricQuery = {
              exploreName: name,
              dimensions: [],
              metrics: [],
              filters: {},
              sorts: [],
              limit: 10,
              tableCalculations: [],
              [field.kind]: [field.id],
            };
            try {
              const compiled = compile(explore, query, dialectFor(engine.type), context);
              const rows = await engine.compiledRows(compiled.sql, compiled.params, [field.id]);
              if (rows.length === 0) failures.push(`${field.id}: no rows`);
            } catch (error) {
              failures.push(`${field.id}: ${(error as Error).message}`);
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
        expect(failures).toEqual([]);
        // One live query per field (dozens for events): over jest's 5 s when CI runs suites side by side.
      },
      60_000,
    );
  });
}
