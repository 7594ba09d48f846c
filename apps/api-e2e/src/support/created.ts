import type { ApiResponse } from './api-client';

/** The `results` of a request that must succeed (setup steps): anything but 200 or 201 stops the test, saying what failed. */
export async function created<T = Record<string, unknown>>(what: string, response: Promise<ApiResponse>): Promise<T> {
  const answer = await response;
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.results as T;
}

const DAILY_REVENUE = {
  exploreName: 'orders',
  dimensions: ['orders_order_date_day'],
  metrics: ['orders_total_amount'],
  filters: {},
  sorts: [],
  limit: 500,
  tableCalculations: [],
};

/** What a saved table chart of daily revenue holds, apart from its name and place. */
export const TABLE_CHART_CONTENT = {
  tableName: 'orders',
  metricQuery: DAILY_REVENUE,
  chartConfig: { type: 'table' },
  tableConfig: { columnOrder: [] },
};
