import { compileTestModels, exploreErrors, exploreNamed, type TestModel } from '../../test/test-manifest';

const columns: TestModel['columns'] = { id: { type: 'number' }, status: { type: 'string' }, ordered_at: { type: 'date' } };

describe('explore and table settings', () => {
  it('name and label explores after models, with their description, tags, groups and hints', () => {
    const explore = exploreNamed(
      compileTestModels([
        {
          name: 'fct_orders',
          description: 'Facts',
          configTags: ['finance'],
          columns,
          meta: { group_label: 'Sales', ai_hint: ['Use for revenue', 'One row per order'] },
        },
      ]),
      'fct_orders',
    );
    expect(explore).toMatchObject({
      name: 'fct_orders',
      label: 'Fct orders',
      baseTable: 'fct_orders',
      description: 'Facts',
      tags: ['finance'],
      groupLabel: 'Sales',
      targetDatabase: 'postgres',
      ymlPath: 'models/fct_orders.yml',
      sqlPath: 'models/fct_orders.sql',
      aiHint: ['Use for revenue', 'One row per order'],
    });
  });

  it('keep table settings: label, primary key, sql filter, attributes, details', () => {
    const meta = {
      label: 'Orders',
      description: 'From meta',
      primary_key: 'id',
      sql_where: '${status} != ${ld.attr.hidden_status}',
      required_attributes: { region: ['EU', 'US'] },
      group_details: { money: { label: 'Money', description: 'Amounts' } },
      order_fields_by: 'LABEL',
      default_show_underlying_values: ['status'],
      parameters: { region: { options: ['EU'] } },
    };
    const table = exploreNamed(compileTestModels([{ name: 'orders', columns, meta }]), 'orders').tables['orders']!;
    expect(table).toMatchObject({
      label: 'Orders',
      description: 'From meta',
      database: 'db',
      schema: 'analytics',
      primaryKey: ['id'],
      sqlWhere: '("orders".status) != ${ld.attr.hidden_status}',
      uncompiledSqlWhere: '${status} != ${ld.attr.hidden_status}',
      requiredAttributes: { region: ['EU', 'US'] },
      groupDetails: { money: { label: 'Money', description: 'Amounts' } },
      orderFieldsBy: 'LABEL',
      defaultShowUnderlyingValues: ['status'],
      parameters: { region: { options: ['EU'] } },
    });
  });

  it('prefer sql_filter over sql_where and read from sql_from', () => {
    const table = exploreNamed(
      compileTestModels([
        { name: 'orders', columns, meta: { sql_filter: '${TABLE}.id > 0', sql_where: 'false', sql_from: '(SELECT 1) AS x' } },
      ]),
      'orders',
    ).tables['orders']!;
    expect(table).toMatchObject({ sqlWhere: '"orders".id > 0', sqlTable: '(SELECT 1) AS x' });
  });

  it('turn required and default filters into rules', () => {
    const meta = {
      required_filters: [{ ordered_at: 'inThePast 30 days' }],
      default_filters: [{ status: '!cancelled' }, { id: 1, required: true }],
    };
    expect(exploreNamed(compileTestModels([{ name: 'orders', columns, meta }]), 'orders').tables['orders']!.requiredFilters).toEqual([
      {
        id: 'orders_required_filter_0',
        target: { fieldRef: 'ordered_at' },
        operator: 'inThePast',
        values: [30],
        settings: { unitOfTime: 'days', completed: false },
        required: true,
      },
      { id: 'orders_default_filter_0', target: { fieldRef: 'status' }, operator: 'notEquals', values: ['cancelled'], required: false },
      { id: 'orders_default_filter_1', target: { fieldRef: 'id' }, operator: 'equals', values: [1], required: true },
    ]);
  });

  it('keep a valid default time dimension and spotlight settings', () => {
    const meta = {
      default_time_dimension: { field: 'ordered_at', interval: 'MONTH' },
      spotlight: { visibility: 'hide', categories: ['core'], owner: 'ann@x.io' },
    };
    expect(exploreNamed(compileTestModels([{ name: 'orders', columns, meta }]), 'orders').tables['orders']).toMatchObject({
      defaultTimeDimension: { field: 'ordered_at', interval: 'MONTH' },
      spotlight: { visibility: 'hide', categories: ['core'], owner: 'ann@x.io' },
    });
  });

  it('give hidden models no explore of their own, yet let others join them', () => {
    const explores = compileTestModels([
      { name: 'orders', columns, meta: { joins: [{ join: 'secret', sql_on: '${secret.id} = ${orders.id}' }] } },
      { name: 'secret', columns: { id: { type: 'number' } }, meta: { hidden: true } },
      { name: 'raw_seed', resourceType: 'seed', columns: { id: { type: 'number' } } },
    ]);
    expect(explores.map((explore) => explore.name)).toEqual(['orders']);
    expect(Object.keys(exploreNamed(explores, 'orders').tables)).toEqual(['orders', 'secret']);
  });

  it('build extra explores declared under explores:', () => {
    const meta = {
      joins: [{ join: 'customers', sql_on: '${customers.id} = ${orders.id}' }],
      explores: {
        open_orders: {
          label: 'Open orders',
          sql_filter: "${status} = 'open'",
          additional_dimensions: { is_big: { type: 'boolean', sql: '${id} > 100' } },
          tags: ['ops'],
        },
        lonely_orders: { joins: [], case_sensitive: false, required_filters: [{ status: 'open' }] },
      },
    };
    const explores = compileTestModels([
      { name: 'orders', columns, meta },
      { name: 'customers', columns: { id: { type: 'number' } } },
    ]);
    expect(explores.map((explore) => explore.name)).toEqual(['customers', 'lonely_orders', 'open_orders', 'orders']);
    const open = exploreNamed(explores, 'open_orders');
    expect(open).toMatchObject({ label: 'Open orders', baseTable: 'orders', tags: ['ops'] });
    expect(open.joinedTables.map((j) => j.table)).toEqual(['customers']);
    expect(open.tables['orders']!.sqlWhere).toBe(`("orders".status) = 'open'`);
    expect(open.tables['orders']!.dimensions['is_big']).toMatchObject({ compiledSql: '("orders".id) > 100', isAdditionalDimension: true });
    const lonely = exploreNamed(explores, 'lonely_orders');
    expect(lonely).toMatchObject({ label: 'Orders', joinedTables: [], caseSensitive: false });
    expect(lonely.tables['orders']!.requiredFilters).toEqual([
      { id: 'lonely_orders_required_filter_0', target: { fieldRef: 'status' }, operator: 'equals', values: ['open'], required: true },
    ]);
    expect(exploreNamed(explores, 'orders').tables['orders']!.dimensions['is_big']).toBeUndefined();
  });

  it('need a database, except on ClickHouse (none) and Databricks (its default catalog)', () => {
    const models: TestModel[] = [{ name: 'orders', columns, database: null, schema: 's' }];
    expect(exploreErrors(compileTestModels(models), 'orders')).toEqual(['Model "orders" has no database; postgres relations need one']);
    expect(exploreNamed(compileTestModels(models, { warehouseType: 'clickhouse' }), 'orders').tables['orders']).toMatchObject({
      database: '',
      sqlTable: '"s"."orders"',
    });
    expect(exploreNamed(compileTestModels(models, { warehouseType: 'databricks' }), 'orders').tables['orders']!.database).toBe('DEFAULT');
  });

  it.each([
    [{ primary_key: 'nope' }, 'primary_key "nope" is not a dimension of the model'],
    [{ order_fields_by: 'SIZE' }, '"order_fields_by" must be one of LABEL, INDEX'],
    [{ sql_filter: '${nope} > 1' }, '"nope" is not a dimension of "orders"'],
    [{ explores: { orders: {} } }, 'Another explore is already named "orders"'],
    [
      { explores: { extra: { additional_dimensions: { x: { sql: '1' } } } } },
      'an explore-level additional dimension needs "type" and "sql"',
    ],
    [{ metrics: { m: { type: 'sum' } } }, 'a model-level metric needs "sql"'],
  ])('report bad settings: %j', (meta, message) => {
    const explores = compileTestModels([{ name: 'orders', columns, meta }]);
    expect([...exploreErrors(explores, 'orders'), ...exploreErrors(explores, 'extra')].join('\n')).toContain(message);
  });

  it('report a model without dimensions', () => {
    expect(exploreErrors(compileTestModels([{ name: 'empty' }]), 'empty')).toEqual([
      'Model "empty" has no dimensions: declare its columns in the YAML',
    ]);
  });
});
