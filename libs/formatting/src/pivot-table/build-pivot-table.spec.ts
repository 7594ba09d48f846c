import { buildPivotTable } from './build-pivot-table';
import type { ExportItemsMap } from './export-item';
import type { ExportPivotConfig, PivotExportOptions, PivotTableInput } from './pivot-table-types';

const items: ExportItemsMap = {
  orders_order_date_month: {
    fieldType: 'dimension',
    type: 'date',
    timeInterval: 'MONTH',
    label: 'Order date month',
    tableLabel: 'Orders',
    name: 'order_date_month',
  },
  orders_status: { fieldType: 'dimension', type: 'string', label: 'Status', tableLabel: 'Orders', name: 'status' },
  orders_total_amount: {
    fieldType: 'metric',
    type: 'sum',
    format: 'usd',
    round: 2,
    label: 'Total amount',
    tableLabel: 'Orders',
    name: 'total_amount',
  },
  orders_order_count: { fieldType: 'metric', type: 'count', label: 'Order count', tableLabel: 'Orders', name: 'order_count' },
  orders_average_amount: {
    fieldType: 'metric',
    type: 'average',
    round: 2,
    label: 'Average amount',
    tableLabel: 'Orders',
    name: 'average_amount',
  },
};

const JANUARY = '2024-01-01T00:00:00.000Z';
const FEBRUARY = '2024-02-01T00:00:00.000Z';

// One row per month × status, sorted by month: January has no 'returned', February no 'placed'.
// The amounts are chosen so that a plain float sum would show 30.299999999999997 and 3.3000000000000003.
const rows = [
  {
    orders_order_date_month: JANUARY,
    orders_status: 'completed',
    orders_total_amount: 10.1,
    orders_order_count: 12,
    orders_average_amount: 0.84,
  },
  {
    orders_order_date_month: JANUARY,
    orders_status: 'placed',
    orders_total_amount: 20.2,
    orders_order_count: 3,
    orders_average_amount: 6.73,
  },
  {
    orders_order_date_month: FEBRUARY,
    orders_status: 'completed',
    orders_total_amount: 1.1,
    orders_order_count: 1500,
    orders_average_amount: 0,
  },
  {
    orders_order_date_month: FEBRUARY,
    orders_status: 'returned',
    orders_total_amount: 2.2,
    orders_order_count: 1,
    orders_average_amount: 2.2,
  },
];

function ordersPivot(pivotConfig: Partial<ExportPivotConfig>, options: Partial<PivotExportOptions>, maxColumns = 60): PivotTableInput {
  return {
    itemsMap: items,
    dimensions: ['orders_order_date_month', 'orders_status'],
    metrics: ['orders_total_amount', 'orders_order_count', 'orders_average_amount'],
    tableCalculations: [],
    rows,
    pivotConfig: { pivotDimensions: ['orders_status'], ...pivotConfig },
    options: { onlyRaw: false, showTableNames: false, columnOrder: [], ...options },
    maxColumns,
  };
}

describe('buildPivotTable', () => {
  it('pivots status into columns with formatted values, custom labels, table names and both totals', () => {
    const table = buildPivotTable(
      ordersPivot(
        { hiddenMetricFieldIds: ['orders_average_amount'], rowTotals: true, columnTotals: true },
        {
          showTableNames: true,
          customLabels: { orders_order_count: 'Orders placed' },
          columnOrder: ['orders_order_date_month', 'orders_order_count', 'orders_total_amount', 'orders_status'],
        },
      ),
    );
    expect(table).toEqual({
      headerRows: [
        ['Orders Status', 'completed', 'completed', 'placed', 'placed', 'returned', 'returned', 'Total', 'Total'],
        [
          'Orders Order date month',
          'Orders placed',
          'Orders Total amount',
          'Orders placed',
          'Orders Total amount',
          'Orders placed',
          'Orders Total amount',
          'Orders placed',
          'Orders Total amount',
        ],
      ],
      rows: [
        ['2024-01', '12', '$10.10', '3', '$20.20', '', '', '15', '$30.30'],
        ['2024-02', '1,500', '$1.10', '', '', '1', '$2.20', '1,501', '$3.30'],
        ['Total', '1,512', '$11.20', '3', '$20.20', '1', '$2.20', '1,516', '$33.60'],
      ],
      truncatedColumns: false,
    });
  });

  it('writes raw values in the cells, the pivot headers and the totals when onlyRaw', () => {
    const table = buildPivotTable(
      ordersPivot({ hiddenMetricFieldIds: ['orders_average_amount'], rowTotals: true, columnTotals: true }, { onlyRaw: true }),
    );
    expect(table).toEqual({
      headerRows: [
        ['Status', 'completed', 'completed', 'placed', 'placed', 'returned', 'returned', 'Total', 'Total'],
        [
          'Order date month',
          'Total amount',
          'Order count',
          'Total amount',
          'Order count',
          'Total amount',
          'Order count',
          'Total amount',
          'Order count',
        ],
      ],
      rows: [
        ['2024-01-01', '10.1', '12', '20.2', '3', '', '', '30.3', '15'],
        ['2024-02-01', '1.1', '1500', '', '', '2.2', '1', '3.3', '1501'],
        ['Total', '11.2', '1512', '20.2', '3', '2.2', '1', '33.6', '1516'],
      ],
      truncatedColumns: false,
    });
  });

  it('lays metrics out as rows, each month repeated per metric, with one total column and a totals line per metric', () => {
    const table = buildPivotTable(
      ordersPivot(
        { metricsAsRows: true, rowTotals: true, columnTotals: true, columnOrder: ['orders_order_count', 'orders_total_amount'] },
        { hiddenFields: ['orders_average_amount'] },
      ),
    );
    expect(table).toEqual({
      headerRows: [['Order date month', 'Status', 'completed', 'placed', 'returned', 'Total']],
      rows: [
        ['2024-01', 'Order count', '12', '3', '', '15'],
        ['2024-01', 'Total amount', '$10.10', '$20.20', '', '$30.30'],
        ['2024-02', 'Order count', '1,500', '', '1', '1,501'],
        ['2024-02', 'Total amount', '$1.10', '', '$2.20', '$3.30'],
        ['Total', 'Order count', '1,512', '3', '1', '1,516'],
        ['Total', 'Total amount', '$11.20', '$20.20', '$2.20', '$33.60'],
      ],
      truncatedColumns: false,
    });
  });

  it('keeps every metric and adds no totals unless asked', () => {
    const table = buildPivotTable(ordersPivot({}, {}));
    expect(table.headerRows).toEqual([
      ['Status', 'completed', 'completed', 'completed', 'placed', 'placed', 'placed', 'returned', 'returned', 'returned'],
      [
        'Order date month',
        'Total amount',
        'Order count',
        'Average amount',
        'Total amount',
        'Order count',
        'Average amount',
        'Total amount',
        'Order count',
        'Average amount',
      ],
    ]);
    expect(table.rows).toEqual([
      ['2024-01', '$10.10', '12', '0.84', '$20.20', '3', '6.73', '', '', ''],
      ['2024-02', '$1.10', '1,500', '0.00', '', '', '', '$2.20', '1', '2.20'],
    ]);
  });

  it('nests several pivot dimensions over the columns when metrics are rows', () => {
    const table = buildPivotTable(
      ordersPivot(
        {
          pivotDimensions: ['orders_order_date_month', 'orders_status'],
          metricsAsRows: true,
          rowTotals: true,
          hiddenMetricFieldIds: ['orders_average_amount'],
        },
        {},
      ),
    );
    expect(table).toEqual({
      headerRows: [
        ['', 'Order date month', '2024-01', '2024-01', '2024-02', '2024-02', 'Total'],
        ['', 'Status', 'completed', 'placed', 'completed', 'returned', 'Total'],
      ],
      rows: [
        ['', 'Total amount', '$10.10', '$20.20', '$1.10', '$2.20', '$33.60'],
        ['', 'Order count', '12', '3', '1,500', '1', '1,516'],
      ],
      truncatedColumns: false,
    });
  });

  it('without pivot dimensions writes one line per row under a single header line', () => {
    const table = buildPivotTable(ordersPivot({ pivotDimensions: [], hiddenMetricFieldIds: ['orders_average_amount'] }, { onlyRaw: true }));
    expect(table).toEqual({
      headerRows: [['Order date month', 'Status', 'Total amount', 'Order count']],
      rows: [
        ['2024-01-01', 'completed', '10.1', '12'],
        ['2024-01-01', 'placed', '20.2', '3'],
        ['2024-02-01', 'completed', '1.1', '1500'],
        ['2024-02-01', 'returned', '2.2', '1'],
      ],
      truncatedColumns: false,
    });
  });

  describe('column limit', () => {
    it('cuts whole pivot values once the data columns would pass the limit; totals still count the cut columns', () => {
      const table = buildPivotTable(ordersPivot({ hiddenMetricFieldIds: ['orders_average_amount'], rowTotals: true }, {}, 5));
      expect(table).toEqual({
        headerRows: [
          ['Status', 'completed', 'completed', 'placed', 'placed', 'Total', 'Total'],
          ['Order date month', 'Total amount', 'Order count', 'Total amount', 'Order count', 'Total amount', 'Order count'],
        ],
        rows: [
          ['2024-01', '$10.10', '12', '$20.20', '3', '$30.30', '15'],
          ['2024-02', '$1.10', '1,500', '', '', '$3.30', '1,501'],
        ],
        truncatedColumns: true,
      });
    });

    it('counts one data column per pivot value when metrics are rows', () => {
      const table = buildPivotTable(
        ordersPivot({ metricsAsRows: true, hiddenMetricFieldIds: ['orders_average_amount', 'orders_order_count'] }, {}, 2),
      );
      expect(table).toEqual({
        headerRows: [['Order date month', 'Status', 'completed', 'placed']],
        rows: [
          ['2024-01', 'Total amount', '$10.10', '$20.20'],
          ['2024-02', 'Total amount', '$1.10', ''],
        ],
        truncatedColumns: true,
      });
    });

    it('is not truncated when every column fits exactly', () => {
      expect(buildPivotTable(ordersPivot({ hiddenMetricFieldIds: ['orders_average_amount'] }, {}, 6)).truncatedColumns).toBe(false);
    });
  });

  it('pivots table calculations like metrics, and without index dimensions leads with one blank column', () => {
    const table = buildPivotTable({
      itemsMap: {
        ...items,
        amount_share: { name: 'amount_share', displayName: 'Amount share', type: 'number', format: { type: 'percent', round: 0 } },
      },
      dimensions: ['orders_order_date_month', 'orders_status'],
      metrics: ['orders_total_amount'],
      tableCalculations: ['amount_share'],
      rows: [
        { orders_order_date_month: JANUARY, orders_status: 'completed', orders_total_amount: 10.1, amount_share: 0.25 },
        { orders_order_date_month: JANUARY, orders_status: 'placed', orders_total_amount: 20.2, amount_share: 0.5 },
        { orders_order_date_month: FEBRUARY, orders_status: 'returned', orders_total_amount: 2.2, amount_share: 0.25 },
      ],
      pivotConfig: { pivotDimensions: ['orders_order_date_month', 'orders_status'], columnTotals: true },
      options: { onlyRaw: false, showTableNames: true, columnOrder: [] },
      maxColumns: 60,
    });
    expect(table).toEqual({
      headerRows: [
        ['Orders Order date month', '2024-01', '2024-01', '2024-01', '2024-01', '2024-02', '2024-02'],
        ['Orders Status', 'completed', 'completed', 'placed', 'placed', 'returned', 'returned'],
        ['', 'Orders Total amount', 'Amount share', 'Orders Total amount', 'Amount share', 'Orders Total amount', 'Amount share'],
      ],
      rows: [
        ['', '$10.10', '25%', '$20.20', '50%', '$2.20', '25%'],
        ['Total', '$10.10', '25%', '$20.20', '50%', '$2.20', '25%'],
      ],
      truncatedColumns: false,
    });
  });

  it('keeps apart the lines a hidden dimension separates, shows nulls, and totals only numeric metrics', () => {
    const table = buildPivotTable({
      itemsMap: {
        ...items,
        customers_first_name: { fieldType: 'dimension', type: 'string', label: 'First name' },
        orders_first_order_date: { fieldType: 'metric', type: 'date', label: 'First order' },
      },
      dimensions: ['orders_order_date_month', 'customers_first_name', 'orders_status'],
      metrics: ['orders_order_count', 'orders_first_order_date'],
      tableCalculations: [],
      rows: [
        {
          orders_order_date_month: JANUARY,
          customers_first_name: 'Ada',
          orders_status: 'completed',
          orders_order_count: 2,
          orders_first_order_date: '2024-01-03',
        },
        {
          orders_order_date_month: JANUARY,
          customers_first_name: 'Bo',
          orders_status: 'completed',
          orders_order_count: null,
          orders_first_order_date: '2024-01-09',
        },
        {
          orders_order_date_month: JANUARY,
          customers_first_name: 'Bo',
          orders_status: null,
          orders_order_count: 4,
          orders_first_order_date: null,
        },
      ],
      pivotConfig: { pivotDimensions: ['orders_status'], rowTotals: true },
      options: { onlyRaw: false, showTableNames: false, columnOrder: [], hiddenFields: ['customers_first_name'] },
      maxColumns: 60,
    });
    expect(table.headerRows).toEqual([
      ['Status', 'completed', 'completed', '∅', '∅', 'Total', 'Total'],
      ['Order date month', 'Order count', 'First order', 'Order count', 'First order', 'Order count', 'First order'],
    ]);
    expect(table.rows).toEqual([
      ['2024-01', '2', '2024-01-03', '', '', '2', ''],
      ['2024-01', '∅', '2024-01-09', '4', '∅', '4', ''],
    ]);
  });

  it('writes null pivot values and null cells as empty raw cells', () => {
    const table = buildPivotTable({
      itemsMap: items,
      dimensions: ['orders_status'],
      metrics: ['orders_order_count'],
      tableCalculations: [],
      rows: [
        { orders_status: null, orders_order_count: null },
        { orders_status: 'placed', orders_order_count: '7' },
      ],
      pivotConfig: { pivotDimensions: ['orders_status'], metricsAsRows: true, rowTotals: true },
      options: { onlyRaw: true, showTableNames: false, columnOrder: [] },
      maxColumns: 60,
    });
    expect(table.headerRows).toEqual([['', 'Status', '', 'placed', 'Total']]);
    expect(table.rows).toEqual([['', 'Order count', '', '7', '7']]);
  });

  it('ignores pivot dimensions the query no longer selects', () => {
    const table = buildPivotTable(
      ordersPivot(
        { pivotDimensions: ['orders_status', 'orders_channel'], hiddenMetricFieldIds: ['orders_average_amount', 'orders_order_count'] },
        {},
      ),
    );
    expect(table.headerRows).toEqual([
      ['Status', 'completed', 'placed', 'returned'],
      ['Order date month', 'Total amount', 'Total amount', 'Total amount'],
    ]);
  });

  it('writes only headers when the result is empty', () => {
    const table = buildPivotTable({
      ...ordersPivot({ rowTotals: true, columnTotals: true, hiddenMetricFieldIds: ['orders_average_amount'] }, {}),
      rows: [],
    });
    expect(table).toEqual({
      headerRows: [
        ['Status', 'Total', 'Total'],
        ['Order date month', 'Total amount', 'Order count'],
      ],
      rows: [['Total', '', '']],
      truncatedColumns: false,
    });
  });
});
