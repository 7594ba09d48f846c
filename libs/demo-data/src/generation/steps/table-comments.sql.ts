import type { DemoTableName } from '../../demo-constants';
import { sqlString } from '../sql-literals';

/** Shown by catalog browsers (DuckDB keeps table comments in the file). */
export const DEMO_TABLE_DESCRIPTIONS: Record<DemoTableName, string> = {
  customers: 'Quarry demo shop: one row per registered customer.',
  products: 'Quarry demo shop: the product catalogue, one row per product.',
  order_items: 'Quarry demo shop: one row per order line (product, quantity, price, discount).',
  orders: 'Quarry demo shop: one row per order, with totals and fulfilment timeline.',
  payments: 'Quarry demo shop: payment attempts, including declined and refunded ones.',
  events: 'Quarry demo shop: web and app events, one row per event, grouped into sessions.',
};

export function tableCommentsSql(schema: string): string {
  return Object.entries(DEMO_TABLE_DESCRIPTIONS)
    .map(([table, description]) => `COMMENT ON TABLE ${schema}.${table} IS ${sqlString(description)};`)
    .join('\n');
}
