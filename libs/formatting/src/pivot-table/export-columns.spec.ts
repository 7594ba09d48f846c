import { exportColumns, type ExportColumnsOptions } from './export-columns';
import type { ExportItemsMap } from './export-item';

const items: ExportItemsMap = {
  orders_status: { fieldType: 'dimension', type: 'string', label: 'Status', tableLabel: 'Orders', name: 'status' },
  customers_first_name: { fieldType: 'dimension', type: 'string', label: 'First name', tableLabel: 'Customers', name: 'first_name' },
  orders_total_amount: { fieldType: 'metric', type: 'sum', label: 'Total amount', tableLabel: 'Orders', name: 'total_amount' },
  orders_order_count: { fieldType: 'metric', type: 'count', label: 'Order count', tableLabel: 'Orders', name: 'order_count' },
  amount_share: { name: 'amount_share', displayName: 'Amount share', type: 'number' },
  amount_bins: { name: 'Amount range', type: 'bin' },
};

const query = {
  dimensions: ['orders_status', 'customers_first_name', 'amount_bins'],
  metrics: ['orders_total_amount', 'orders_order_count'],
  tableCalculations: ['amount_share'],
};

function columns(options: Partial<ExportColumnsOptions>) {
  return exportColumns(items, { ...query, columnOrder: [], showTableNames: false, ...options });
}

describe('exportColumns', () => {
  it('lists metrics, then dimensions, then table calculations when no column order is given', () => {
    expect(columns({}).map((column) => column.id)).toEqual([
      'orders_total_amount',
      'orders_order_count',
      'orders_status',
      'customers_first_name',
      'amount_bins',
      'amount_share',
    ]);
  });

  it('follows the column order; columns it does not list come after, in their own order', () => {
    const ids = columns({ columnOrder: ['amount_share', 'unknown_field', 'orders_status', 'orders_order_count'] }).map(
      (column) => column.id,
    );
    expect(ids).toEqual([
      'amount_share',
      'orders_status',
      'orders_order_count',
      'orders_total_amount',
      'customers_first_name',
      'amount_bins',
    ]);
  });

  it('leaves hidden fields out', () => {
    const ids = columns({ hiddenFields: ['orders_order_count', 'customers_first_name'], columnOrder: ['orders_status'] }).map(
      (column) => column.id,
    );
    expect(ids).toEqual(['orders_status', 'orders_total_amount', 'amount_bins', 'amount_share']);
  });

  it('names fields by label, table calculations by display name, custom dimensions by name', () => {
    expect(columns({}).map((column) => column.header)).toEqual([
      'Total amount',
      'Order count',
      'Status',
      'First name',
      'Amount range',
      'Amount share',
    ]);
  });

  it('prefixes field labels with their table label when showTableNames; custom labels win, even empty ones', () => {
    const headers = columns({ showTableNames: true, customLabels: { orders_status: 'Order status', orders_order_count: '' } }).map(
      (column) => column.header,
    );
    expect(headers).toEqual(['Orders Total amount', '', 'Order status', 'Customers First name', 'Amount range', 'Amount share']);
  });

  it('falls back to the id for a column without an item, also when it is named like an Object member', () => {
    const headers = exportColumns(items, {
      dimensions: ['constructor'],
      metrics: ['orders_missing'],
      tableCalculations: [],
      columnOrder: [],
      showTableNames: true,
    });
    expect(headers).toEqual([
      { id: 'orders_missing', header: 'orders_missing' },
      { id: 'constructor', header: 'constructor' },
    ]);
  });
});
