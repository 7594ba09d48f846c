import { WAREHOUSE_TYPES } from '@quarry/domain';

import { compileTestModels, exploreErrors, exploreNamed, type TestModel } from '../../test/test-manifest';

const model = (columns: Record<string, Record<string, unknown>>): TestModel[] => [
  {
    name: 'orders',
    columns: Object.fromEntries(Object.entries(columns).map(([name, dimension]) => [name, { type: 'number', meta: { dimension } }])),
  },
];

describe('sql references', () => {
  it.each(WAREHOUSE_TYPES)('quote ${TABLE} for %s', (warehouseType) => {
    const sql = exploreNamed(compileTestModels(model({ a: {} }), { warehouseType }), 'orders').tables['orders']!.dimensions['a']!
      .compiledSql;
    expect(sql).toBe(warehouseType === 'bigquery' || warehouseType === 'databricks' ? '`orders`.a' : '"orders".a');
  });

  it('replace ${dim} and ${table.dim} by the compiled sql in parentheses, recursively', () => {
    const dimensions = exploreNamed(
      compileTestModels(
        model({
          a: {},
          b: { sql: '${a} + 1' },
          c: { sql: '${b} * ${orders.a}' },
          d: { sql: "${TABLE}.d || '${ld.attr.x}' || ${lightdash.parameters.p}" },
        }),
      ),
      'orders',
    ).tables['orders']!.dimensions;
    expect(dimensions['b']!.compiledSql).toBe('("orders".a) + 1');
    expect(dimensions['c']!.compiledSql).toBe('(("orders".a) + 1) * ("orders".a)');
    expect(dimensions['d']).toMatchObject({
      compiledSql: `"orders".d || '\${ld.attr.x}' || \${lightdash.parameters.p}`,
      parameterReferences: ['p'],
    });
  });

  it.each([
    [{ a: { sql: '${a}' } }, 'dimension "orders.a" references itself'],
    [{ a: { sql: '${b}' }, b: { sql: '${a}' } }, 'circular reference: dimension "orders.a" → dimension "orders.b" → dimension "orders.a"'],
    [{ a: { sql: '${x.y.z}' } }, '${x.y.z} in dimension "orders.a" has too many dots'],
    [{ a: { sql: '${missing}' } }, '"missing" is not a dimension of "orders"'],
    [{ a: { sql: '${customers.id}' } }, 'refers to table "customers", which is not part of this explore'],
  ])('report broken references: %j', (dimensions, message) => {
    expect(exploreErrors(compileTestModels(model(dimensions)), 'orders').join('\n')).toContain(message);
  });
});
