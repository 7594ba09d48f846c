import { TIME_FRAMES } from '@quarry/domain';

import { compileTestModels, exploreNamed, type TestModel } from '../../test/test-manifest';

const orders = (columns: TestModel['columns'], extra: Partial<TestModel> = {}): TestModel[] => [{ name: 'orders', columns, ...extra }];

function dimensionsOf(models: TestModel[], options: Parameters<typeof compileTestModels>[1] = {}) {
  return exploreNamed(compileTestModels(models, options), 'orders').tables['orders']!.dimensions;
}

describe('dimensions', () => {
  it('take their type from meta, else the catalog, else string', () => {
    const dimensions = dimensionsOf(
      orders({ a: { type: 'number', meta: { dimension: { type: 'string' } } }, b: { type: 'boolean' }, c: {} }),
    );
    expect([dimensions['a']!.type, dimensions['b']!.type, dimensions['c']!.type]).toEqual(['string', 'boolean', 'string']);
  });

  it('default to the column sql, a friendly label and the column description', () => {
    expect(dimensionsOf(orders({ order_status: { description: 'Where it is' } }))['order_status']).toMatchObject({
      fieldType: 'dimension',
      name: 'order_status',
      label: 'Order status',
      table: 'orders',
      tableLabel: 'Orders',
      sql: '${TABLE}.order_status',
      compiledSql: '"orders".order_status',
      tablesReferences: ['orders'],
      description: 'Where it is',
      hidden: false,
    });
  });

  it('take name, label, sql, description and presentation settings from meta', () => {
    const meta = {
      dimension: {
        name: 'state',
        label: 'State',
        sql: 'UPPER(${TABLE}.status)',
        description: 'Upper-cased',
        hidden: true,
        round: 2,
        compact: 'thousands',
        format: 'usd',
        group_label: 'Details',
        urls: [{ url: 'https://x/${value.raw}', label: 'Open' }],
        required_attributes: { is_admin: 'true' },
        ai_hint: 'The order state',
        tags: ['core'],
        colors: { done: '#00ff00' },
        case_sensitive: false,
      },
    };
    expect(dimensionsOf(orders({ status: { meta } }))['state']).toMatchObject({
      name: 'state',
      label: 'State',
      sql: 'UPPER(${TABLE}.status)',
      compiledSql: 'UPPER("orders".status)',
      description: 'Upper-cased',
      hidden: true,
      round: 2,
      compact: 'thousands',
      format: 'usd',
      groups: ['Details'],
      urls: [{ url: 'https://x/${value.raw}', label: 'Open' }],
      requiredAttributes: { is_admin: 'true' },
      aiHint: 'The order state',
      tags: ['core'],
      colors: { done: '#00ff00' },
      caseSensitive: false,
    });
  });

  it('prefer groups over group_label', () => {
    expect(dimensionsOf(orders({ a: { meta: { dimension: { groups: ['x', 'y'], group_label: 'z' } } } }))['a']!.groups).toEqual(['x', 'y']);
  });

  it('add additional dimensions declared on a column, with their own intervals', () => {
    const dimensions = dimensionsOf(
      orders({
        created_at: {
          type: 'timestamp',
          meta: {
            additional_dimensions: {
              created_date: { type: 'date', sql: 'DATE(${TABLE}.created_at)', time_intervals: ['MONTH'] },
              created_text: {},
            },
          },
        },
      }),
    );
    expect(dimensions['created_date']).toMatchObject({
      type: 'date',
      isAdditionalDimension: true,
      isIntervalBase: true,
      compiledSql: 'DATE("orders".created_at)',
    });
    expect(dimensions['created_date_month']?.compiledSql).toBe(`DATE_TRUNC('MONTH', DATE("orders".created_at))`);
    expect(dimensions['created_text']).toMatchObject({ type: 'timestamp', sql: '${TABLE}.created_at', isAdditionalDimension: true });
  });

  it('wrap Snowflake timestamps to UTC in their own sql and in their intervals', () => {
    const dimensions = dimensionsOf(orders({ created: { type: 'timestamp' }, day: { type: 'date' } }), { warehouseType: 'snowflake' });
    expect(dimensions['created']!.compiledSql).toBe(`TO_TIMESTAMP_NTZ(CONVERT_TIMEZONE('UTC', "orders".created))`);
    expect(dimensions['created_month']!.compiledSql).toBe(
      `DATE_TRUNC('MONTH', TO_TIMESTAMP_NTZ(CONVERT_TIMEZONE('UTC', "orders".created)))`,
    );
    expect(dimensions['day']!.compiledSql).toBe('"orders".day');
  });

  describe('time intervals', () => {
    it('default to RAW, DAY, WEEK, MONTH, QUARTER, YEAR for timestamps and no RAW for dates', () => {
      const dimensions = dimensionsOf(orders({ created: { type: 'timestamp' }, day: { type: 'date' } }));
      const children = (base: string) =>
        Object.values(dimensions)
          .filter((d) => d.timeIntervalBaseDimensionName === base)
          .map((d) => d.timeInterval);
      expect(children('created')).toEqual(['RAW', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']);
      expect(children('day')).toEqual(['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']);
      expect(dimensions['created']!.isIntervalBase).toBe(true);
    });

    it.each([false, 'OFF'])('are off with time_intervals: %j', (setting) => {
      const dimensions = dimensionsOf(orders({ created: { type: 'timestamp', meta: { dimension: { time_intervals: setting } } } }));
      expect(Object.keys(dimensions)).toEqual(['created']);
      expect(dimensions['created']!.isIntervalBase).toBeUndefined();
    });

    it.each([true, 'default'])('are the defaults with time_intervals: %j', (setting) => {
      expect(Object.keys(dimensionsOf(orders({ d: { type: 'date', meta: { dimension: { time_intervals: setting } } } })))).toHaveLength(6);
    });

    it('build every time frame of an explicit list (upper-cased, unknown names left out) with its type and label', () => {
      const names = [...TIME_FRAMES.map((frame) => frame.toLowerCase()), 'FORTNIGHT'];
      const dimensions = dimensionsOf(
        orders({ at: { type: 'timestamp', meta: { dimension: { label: 'Placed', time_intervals: names } } } }),
      );
      const children = Object.values(dimensions).filter((d) => d.timeIntervalBaseDimensionName === 'at');
      expect(children.map((d) => d.timeInterval)).toEqual([...TIME_FRAMES]);
      expect(dimensions['at_raw']).toMatchObject({ type: 'timestamp', label: 'Placed raw', compiledSql: '"orders".at' });
      expect(dimensions['at_hour']).toMatchObject({ type: 'timestamp', compiledSql: `DATE_TRUNC('HOUR', "orders".at)` });
      expect(dimensions['at_quarter']).toMatchObject({ type: 'date', label: 'Placed quarter' });
      expect(dimensions['at_day_of_week_index']).toMatchObject({
        type: 'number',
        label: 'Placed day of the week (index)',
        compiledSql: `DATE_PART('DOW', "orders".at)`,
      });
      expect(dimensions['at_hour_of_day_num']).toMatchObject({ type: 'number', compiledSql: `DATE_PART('HOUR', "orders".at)` });
      expect(dimensions['at_month_name']).toMatchObject({
        type: 'string',
        label: 'Placed month (name)',
        compiledSql: `TO_CHAR("orders".at, 'FMMonth')`,
      });
    });

    it('inherit description, visibility, links and formatting, and group under the base label', () => {
      const meta = { dimension: { hidden: true, group_label: 'When', urls: [{ url: 'u', label: 'l' }], format: 'yyyy' } };
      expect(dimensionsOf(orders({ day: { type: 'date', description: 'd', meta } }))['day_week']).toMatchObject({
        description: 'd',
        hidden: true,
        urls: [{ url: 'u', label: 'l' }],
        format: 'yyyy',
        groups: ['When', 'Day'],
        timeIntervalBaseDimensionName: 'day',
      });
    });

    it('start weeks on the configured day', () => {
      const dimensions = dimensionsOf(orders({ day: { type: 'date' } }), { startOfWeek: 6 });
      expect(dimensions['day_week']!.compiledSql).toBe(`(DATE_TRUNC('WEEK', ("orders".day - interval '6 days')) + interval '6 days')`);
    });

    it('follow the warehouse dialect', () => {
      const dimensions = dimensionsOf(orders({ day: { type: 'date' } }), { warehouseType: 'bigquery' });
      expect(dimensions['day_month']!.compiledSql).toBe('DATE_TRUNC(`orders`.day, MONTH)');
    });

    it('include project custom granularities named in the list', () => {
      const dimensions = dimensionsOf(
        orders({ day: { type: 'date', meta: { dimension: { time_intervals: ['MONTH', 'fiscal_quarter'] } } } }),
        {
          customGranularities: {
            fiscal_quarter: { label: 'Fiscal quarter', sql: "CONCAT('FQ', EXTRACT(QUARTER FROM ${COLUMN} + INTERVAL '1 month'))" },
          },
        },
      );
      expect(dimensions['day_fiscal_quarter']).toMatchObject({
        label: 'Day fiscal quarter',
        type: 'string',
        customTimeInterval: 'fiscal_quarter',
        compiledSql: `CONCAT('FQ', EXTRACT(QUARTER FROM "orders".day + INTERVAL '1 month'))`,
      });
    });
  });
});
