import { createExportCellFormatter } from './export-cell-formatter';
import type { ExportItemsMap } from './export-item';

const items: ExportItemsMap = {
  orders_order_date_day: { fieldType: 'dimension', type: 'date', timeInterval: 'DAY', label: 'Order date' },
  orders_created_at: { fieldType: 'dimension', type: 'timestamp', label: 'Created at' },
  orders_is_paid: { fieldType: 'dimension', type: 'boolean', label: 'Is paid' },
  orders_total_amount: { fieldType: 'metric', type: 'sum', format: 'usd', round: 2, label: 'Total amount' },
  orders_order_count: { fieldType: 'metric', type: 'count', label: 'Order count' },
  amount_share: { name: 'amount_share', displayName: 'Amount share', type: 'number', format: { type: 'percent', round: 1 } },
};

const columns = [
  'orders_order_count',
  'orders_order_date_day',
  'orders_created_at',
  'orders_is_paid',
  'orders_total_amount',
  'amount_share',
].map((id) => ({ id }));

const row = {
  orders_order_date_day: '2024-03-05T00:00:00.000Z',
  orders_created_at: '2024-03-05T10:11:12.345Z',
  orders_is_paid: true,
  orders_total_amount: 1234.5,
  orders_order_count: '12000',
  amount_share: 0.256,
};

describe('createExportCellFormatter', () => {
  it('writes formatted cells in the columns’ order', () => {
    const cells = createExportCellFormatter(items, columns, false);
    expect(cells(row)).toEqual(['12,000', '2024-03-05', '2024-03-05, 10:11:12:345 (+00:00)', 'True', '$1,234.50', '25.6%']);
  });

  it('writes raw cells: dates as YYYY-MM-DD, timestamps as YYYY-MM-DD HH:mm:ss.SSS, nulls empty', () => {
    const cells = createExportCellFormatter(items, columns, true);
    expect(cells(row)).toEqual(['12000', '2024-03-05', '2024-03-05 10:11:12.345', 'true', '1234.5', '0.256']);
    expect(cells({ ...row, orders_total_amount: null, orders_order_date_day: null })).toEqual([
      '12000',
      '',
      '2024-03-05 10:11:12.345',
      'true',
      '',
      '0.256',
    ]);
  });

  it('shows nulls as ∅ in formatted cells, and formats a column without an item by its value', () => {
    const cells = createExportCellFormatter(items, [{ id: 'orders_total_amount' }, { id: 'amount_bins_order' }], false);
    expect(cells({ orders_total_amount: null, amount_bins_order: 3000 })).toEqual(['∅', '3,000']);
  });

  it('gives each row its own cells', () => {
    const cells = createExportCellFormatter(items, [{ id: 'orders_order_count' }], true);
    const first = cells({ orders_order_count: 1 });
    const second = cells({ orders_order_count: 2 });
    expect([first, second]).toEqual([['1'], ['2']]);
  });
});
