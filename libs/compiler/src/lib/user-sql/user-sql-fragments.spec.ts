import { jaffleExplore } from '../../test/jaffle-explores';
import { userSqlFragments } from './user-sql-fragments';
import { userSqlProblems } from './user-sql-problems';

const BASE = { exploreName: 'orders', dimensions: [], metrics: [], filters: {}, sorts: [], limit: 10, tableCalculations: [] };

describe('userSqlFragments', () => {
  it('lists every fragment with its path and the permission it needs', () => {
    const query = {
      ...BASE,
      customDimensions: [
        { id: 'bin', type: 'bin', dimensionId: 'orders_amount' },
        { id: 'x', type: 'sql', sql: 'UPPER(${orders.status})' },
      ],
      tableCalculations: [
        { name: 'ranked', template: { type: 'rank_in_column', fieldId: 'orders_total' } },
        { name: 'doubled', sql: '${orders.total} * 2' },
        { name: 'nothing' },
      ],
      additionalMetrics: [
        { name: 'a', table: 'orders', type: 'sum', sql: '${orders.amount}' },
        { name: 'b', table: 'orders', type: 'sum', sql: '${TABLE}.amount * 2' },
        { name: 'c', table: 'orders', type: 'sum', sql: '${TABLE}' },
        'not an object',
      ],
    };
    expect(userSqlFragments(query).map(({ kind, path, requires }) => [kind, path, requires])).toEqual([
      ['sqlCustomDimension', 'customDimensions[1].sql', 'sql:custom'],
      ['sqlTableCalculation', 'tableCalculations[1].sql', 'sql:custom'],
      ['sqlTableCalculation', 'tableCalculations[2].sql', 'sql:custom'],
      ['dimensionMetricSql', 'additionalMetrics[0].sql', null],
      ['customMetricSql', 'additionalMetrics[1].sql', 'sql:custom'],
      ['customMetricSql', 'additionalMetrics[2].sql', 'sql:custom'],
    ]);
  });

  it("a custom metric whose sql is exactly a dimension's sql in its table is derived from it", () => {
    const explore = jaffleExplore('orders', 'postgres');
    const amount = explore.tables['orders']?.dimensions['amount'];
    expect(amount).toBeDefined();
    const derived = userSqlFragments(
      { ...BASE, additionalMetrics: [{ name: 'm', table: 'orders', type: 'max', sql: amount?.sql }] },
      explore,
    );
    expect(derived.map((fragment) => fragment.kind)).toEqual(['dimensionMetricSql']);
    // The same text on another table is not that table's dimension.
    const elsewhere = userSqlFragments(
      { ...BASE, additionalMetrics: [{ name: 'm', table: 'nowhere', type: 'max', sql: amount?.sql }] },
      explore,
    );
    expect(elsewhere.map((fragment) => fragment.kind)).toEqual(['customMetricSql']);
  });

  it('reads any shape without throwing', () => {
    for (const query of [null, 1, 'x', [], { tableCalculations: 'x' }, { customDimensions: [null] }, { additionalMetrics: {} }]) {
      expect(() => userSqlFragments(query)).not.toThrow();
    }
  });
});

describe('userSqlProblems', () => {
  it("names each fragment that is not one expression on any engine that runs it (Finding 1's pair)", () => {
    const fragments = userSqlFragments({
      ...BASE,
      additionalMetrics: [{ name: 'x', table: 'orders', type: 'max', sql: "length(/* /* */ ' */ '" }],
      tableCalculations: [
        { name: 'y', sql: "-- '\n1" },
        { name: 'z', sql: '${orders.total} / 2' },
      ],
    });
    const problems = userSqlProblems(fragments, ['postgres', 'duckdb'], 'query.');
    expect(Object.keys(problems)).toEqual(['query.tableCalculations[0].sql', 'query.additionalMetrics[0].sql']);
    expect(problems['query.tableCalculations[0].sql']).toEqual([expect.stringContaining('comment')]);
  });

  it('judges for every engine: a BigQuery backslash-escaped quote is refused', () => {
    const fragments = userSqlFragments({ ...BASE, tableCalculations: [{ name: 'y', sql: "'it\\'s'" }] });
    expect(Object.keys(userSqlProblems(fragments, ['bigquery']))).toEqual(['tableCalculations[0].sql']);
  });
});
