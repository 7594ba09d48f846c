import type { ItemsMap } from '../item/formattable-item';
import { createRowFormatter, formatRows } from './create-row-formatter';

const items: ItemsMap = {
  orders_status: { fieldType: 'dimension', type: 'string' },
  orders_order_date_month: { fieldType: 'dimension', type: 'date', timeInterval: 'MONTH' },
  orders_total_order_amount: { fieldType: 'metric', type: 'sum', format: 'usd', round: 2 },
  orders_unique_order_count: { fieldType: 'metric', type: 'count_distinct' },
  share: { type: 'number', format: { type: 'percent', round: 1 } },
};

describe('formatRows', () => {
  it('gives every cell its raw and formatted value', () => {
    const rows = formatRows(
      [
        {
          orders_status: 'completed',
          orders_order_date_month: new Date('2018-03-01T00:00:00.000Z'),
          orders_total_order_amount: 1234.5,
          orders_unique_order_count: '12',
          share: 0.256,
        },
      ],
      items,
    );
    expect(rows).toEqual([
      {
        orders_status: { value: { raw: 'completed', formatted: 'completed' } },
        orders_order_date_month: { value: { raw: '2018-03-01T00:00:00.000Z', formatted: '2018-03' } },
        orders_total_order_amount: { value: { raw: 1234.5, formatted: '$1,234.50' } },
        orders_unique_order_count: { value: { raw: 12, formatted: '12' } },
        share: { value: { raw: 0.256, formatted: '25.6%' } },
      },
    ]);
  });

  it('formats nulls and columns that have no item', () => {
    const [row] = formatRows([{ orders_status: null, orders_total_order_amount: undefined, bin_order: 3, constructor: 'x' }], items);
    expect(row).toEqual({
      orders_status: { value: { raw: null, formatted: '∅' } },
      orders_total_order_amount: { value: { raw: undefined, formatted: '-' } },
      bin_order: { value: { raw: 3, formatted: '3' } },
      constructor: { value: { raw: 'x', formatted: 'x' } },
    });
  });

  it('a value repeated down a column is formatted like the first, into cells of its own', () => {
    const rows = formatRows(
      [
        { orders_order_date_month: '2018-03-01', orders_unique_order_count: 12 },
        { orders_order_date_month: '2018-03-01', orders_unique_order_count: 12 },
        { orders_order_date_month: '2018-04-01', orders_unique_order_count: '12' },
        { orders_order_date_month: new Date('2018-04-01T00:00:00.000Z'), orders_unique_order_count: null },
      ],
      items,
    );
    expect(rows.map((row) => [row['orders_order_date_month']?.value, row['orders_unique_order_count']?.value])).toEqual([
      [
        { raw: '2018-03-01T00:00:00.000Z', formatted: '2018-03' },
        { raw: 12, formatted: '12' },
      ],
      [
        { raw: '2018-03-01T00:00:00.000Z', formatted: '2018-03' },
        { raw: 12, formatted: '12' },
      ],
      [
        { raw: '2018-04-01T00:00:00.000Z', formatted: '2018-04' },
        { raw: 12, formatted: '12' },
      ],
      [
        { raw: '2018-04-01T00:00:00.000Z', formatted: '2018-04' },
        { raw: null, formatted: '∅' },
      ],
    ]);
    expect(rows[1]?.['orders_unique_order_count']?.value).not.toBe(rows[0]?.['orders_unique_order_count']?.value);
  });

  it('a cell changed by its reader leaves the next cells of the column alone', () => {
    const formatRow = createRowFormatter(items);
    const first = formatRow({ orders_status: 'completed' });
    const cell = first['orders_status']?.value as { raw: unknown; formatted: string };
    cell.formatted = 'changed';
    expect(formatRow({ orders_status: 'completed' })['orders_status']?.value).toEqual({ raw: 'completed', formatted: 'completed' });
  });

  it('an empty result stays empty', () => {
    expect(formatRows([], items)).toEqual([]);
  });
});

describe('createRowFormatter', () => {
  it('keeps each column on its own formatter when rows change shape or order', () => {
    const format = createRowFormatter(items);
    expect(format({ orders_total_order_amount: 1, share: 0.5 })).toEqual({
      orders_total_order_amount: { value: { raw: 1, formatted: '$1.00' } },
      share: { value: { raw: 0.5, formatted: '50.0%' } },
    });
    // swapped order: position 0 now holds another column
    expect(format({ share: 0.5, orders_total_order_amount: 1 })).toEqual({
      share: { value: { raw: 0.5, formatted: '50.0%' } },
      orders_total_order_amount: { value: { raw: 1, formatted: '$1.00' } },
    });
    // fewer columns, then more
    expect(format({ orders_status: 'x' })).toEqual({ orders_status: { value: { raw: 'x', formatted: 'x' } } });
    expect(format({ orders_total_order_amount: 2, share: 1, orders_order_date_month: '2018-01-01' })).toEqual({
      orders_total_order_amount: { value: { raw: 2, formatted: '$2.00' } },
      share: { value: { raw: 1, formatted: '100.0%' } },
      orders_order_date_month: { value: { raw: '2018-01-01T00:00:00.000Z', formatted: '2018-01' } },
    });
  });

  it('formats a stream of rows one by one like formatRows does', () => {
    const source = Array.from({ length: 50 }, (_, i) => ({
      orders_status: i % 2 === 0 ? 'placed' : null,
      orders_total_order_amount: i * 10.25,
      share: i / 100,
    }));
    const format = createRowFormatter(items);
    expect(source.map((row) => format(row))).toEqual(formatRows(source, items));
    expect(format(source[7])['orders_total_order_amount'].value.formatted).toBe('$71.75');
  });
});
