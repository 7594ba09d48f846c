import { DEMO_SCHEMA } from '../demo-constants';
import type { DemoPlan } from './demo-plan';
import { calendarSql } from './steps/calendar.sql';
import { citiesSql } from './steps/cities.sql';
import { customersSql } from './steps/customers.sql';
import { eventsSql } from './steps/events.sql';
import { orderBaseSql } from './steps/order-base.sql';
import { orderItemsSql } from './steps/order-items.sql';
import { ordersSql } from './steps/orders.sql';
import { paymentsSql } from './steps/payments.sql';
import { categoriesSql, productsSql } from './steps/products.sql';
import { randomMacrosSql } from './steps/random-macros.sql';
import { sessionsSql } from './steps/sessions.sql';
import { tableCommentsSql } from './steps/table-comments.sql';

export interface DemoGenerationStep {
  /** What the step makes, for progress messages. */
  label: string;
  sql: string;
}

/**
 * The statements that fill an empty DuckDB database, in dependency order. Helpers named `demo_*`
 * are TEMP objects: they vanish with the session and never reach the file.
 */
export function demoGenerationSteps(plan: DemoPlan): DemoGenerationStep[] {
  const schema = DEMO_SCHEMA;
  return [
    { label: 'helpers', sql: `${randomMacrosSql()}\n${calendarSql(plan)}\n${citiesSql()}\n${categoriesSql()}\nCREATE SCHEMA ${schema};` },
    { label: 'customers', sql: customersSql(plan, schema) },
    { label: 'products', sql: productsSql(plan, schema) },
    { label: 'order placements', sql: orderBaseSql(plan) },
    { label: 'order_items', sql: orderItemsSql(plan, schema) },
    { label: 'orders', sql: ordersSql(plan, schema) },
    { label: 'payments', sql: paymentsSql(schema) },
    { label: 'sessions', sql: sessionsSql(plan) },
    { label: 'events', sql: eventsSql(plan, schema) },
    { label: 'table comments', sql: tableCommentsSql(schema) },
    // Everything into the main file now, so that no write-ahead log is left beside it.
    { label: 'checkpoint', sql: 'CHECKPOINT;' },
  ];
}
