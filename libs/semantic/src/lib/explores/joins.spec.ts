import { compileTestModels, exploreErrors, exploreNamed, type TestModel } from '../../test/test-manifest';

const customers: TestModel = {
  name: 'customers',
  meta: { label: 'Clients', sets: { contact: { fields: ['email', 'name'] }, nested: { fields: ['contact*'] } } },
  columns: {
    id: { type: 'number', meta: { metrics: { customer_count: { type: 'count_distinct' } } } },
    name: { type: 'string' },
    email: { type: 'string' },
    signed_up: { type: 'date' },
  },
};

function withJoins(joins: unknown[]): TestModel[] {
  return [{ name: 'orders', meta: { joins }, columns: { id: { type: 'number' }, customer_id: { type: 'number' } } }, customers];
}

const join = { join: 'customers', sql_on: '${orders.customer_id} = ${customers.id}' };

describe('joins', () => {
  it('bring the joined model with its fields and a compiled ON clause', () => {
    const explore = exploreNamed(compileTestModels(withJoins([join])), 'orders');
    expect(explore.joinedTables).toEqual([
      {
        table: 'customers',
        sqlOn: join.sql_on,
        compiledSqlOn: '("orders".customer_id) = ("customers".id)',
        tablesReferences: ['customers', 'orders'],
      },
    ]);
    expect(explore.tables['customers']).toMatchObject({ name: 'customers', label: 'Clients', sqlTable: '"db"."analytics"."customers"' });
    expect(Object.keys(explore.tables['customers']!.metrics)).toEqual(['customer_count']);
  });

  it('rename the table and every field id to the alias', () => {
    const explore = exploreNamed(
      compileTestModels(withJoins([{ ...join, alias: 'buyer', sql_on: '${orders.customer_id} = ${buyer.id}' }])),
      'orders',
    );
    const buyer = explore.tables['buyer']!;
    expect(buyer).toMatchObject({ name: 'buyer', originalName: 'customers', label: 'Buyer' });
    expect(buyer.dimensions['name']).toMatchObject({ table: 'buyer', tableLabel: 'Buyer', compiledSql: '"buyer".name' });
    expect(buyer.metrics['customer_count']).toMatchObject({
      table: 'buyer',
      dimensionReference: 'buyer_id',
      compiledSql: 'COUNT(DISTINCT "buyer".id)',
    });
    expect(explore.joinedTables[0]!.compiledSqlOn).toBe('("orders".customer_id) = ("buyer".id)');
  });

  it('keep type, label, hidden, always, relationship and description', () => {
    const explore = exploreNamed(
      compileTestModels(
        withJoins([
          { ...join, type: 'inner', label: 'Customer', hidden: true, always: true, relationship: 'many-to-one', description: 'Who bought' },
        ]),
      ),
      'orders',
    );
    expect(explore.joinedTables[0]).toMatchObject({ type: 'inner', hidden: true, always: true, relationship: 'many-to-one' });
    expect(explore.tables['customers']).toMatchObject({ label: 'Customer', hidden: true, description: 'Who bought' });
  });

  it('limit fields to the list, sets and exclusions; ON-clause dimensions stay hidden; intervals follow their base', () => {
    const fieldsOf = (fields: string[]) => {
      const table = exploreNamed(compileTestModels(withJoins([{ ...join, fields }])), 'orders').tables['customers']!;
      return [...Object.values(table.dimensions).map((d) => `${d.name}${d.hidden ? ' (hidden)' : ''}`), ...Object.keys(table.metrics)];
    };
    expect(fieldsOf(['name', 'customer_count'])).toEqual(['id (hidden)', 'name', 'customer_count']);
    expect(fieldsOf(['contact*'])).toEqual(['id (hidden)', 'name', 'email']);
    expect(fieldsOf(['contact*', '-email', 'signed_up'])).toEqual([
      'id (hidden)',
      'name',
      'signed_up',
      'signed_up_day',
      'signed_up_week',
      'signed_up_month',
      'signed_up_quarter',
      'signed_up_year',
    ]);
    expect(fieldsOf(['-signed_up', '-customer_count'])).toEqual(['id', 'name', 'email']);
  });

  it('compile ON clauses through intermediate tables', () => {
    const models: TestModel[] = [
      {
        name: 'payments',
        meta: {
          joins: [
            { join: 'orders', sql_on: '${orders.id} = ${payments.order_id}' },
            { join: 'customers', sql_on: '${customers.id} = ${orders.customer_id}' },
          ],
        },
        columns: { order_id: { type: 'number' } },
      },
      ...withJoins([]),
    ];
    expect(exploreNamed(compileTestModels(models), 'payments').joinedTables.map((j) => [j.table, j.tablesReferences])).toEqual([
      ['orders', ['orders', 'payments']],
      ['customers', ['customers', 'orders']],
    ]);
  });

  it.each([
    [[{ join: 'nobody', sql_on: '1 = 1' }], 'Explore "orders" joins "nobody", which is not a model of the project'],
    [[join, join], 'Explore "orders" already has a table named "customers": give the join of "customers" another alias'],
    [[{ ...join, alias: 'orders' }], 'Explore "orders" already has a table named "orders"'],
    [[{ ...join, fields: ['nope'] }], 'The join of "customers" lists "nope", which is not a field of model "customers"'],
    [[{ ...join, fields: ['missing*'] }], 'uses the set "missing", which model "customers" does not define'],
    [[{ ...join, fields: ['nested*'] }], 'sets cannot nest'],
    [[{ ...join, sql_on: '${customers.nope} = 1' }], '"nope" is not a dimension of "customers"'],
    [[{ join: 'customers' }], 'a join needs "join" (a model name) and "sql_on"'],
    [[{ ...join, type: 'cross' }], '"type" must be one of inner, full, left, right'],
  ])('report broken joins: %j', (joins, message) => {
    expect(exploreErrors(compileTestModels(withJoins(joins)), 'orders').join('\n')).toContain(message);
  });
});
