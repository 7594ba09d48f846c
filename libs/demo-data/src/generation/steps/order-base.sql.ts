import type { DemoPlan } from '../demo-plan';
import { weightedChoiceSql } from '../sql-literals';
import { EVERYDAY_COUPON_SHARE, EVERYDAY_COUPONS, ORDER_CHANNELS, PROMO_DAY_COUPON_SHARE, SHIPPING_METHODS } from '../vocabulary/commerce';
import { signedUpCustomersSql } from './customer-signups.sql';
import { withPositionedTimestamp } from './positioned-timestamp.sql';

/** Share of orders from one of the few most recent signups (new customers buy soon after joining). */
const RECENT_CUSTOMER_SHARE = 0.3;
const RECENT_CUSTOMER_WINDOW = 25;
/** Lines per order are 1 + floor(exponential with this mean), capped at 12: about 3 on average. */
const EXTRA_LINES_MEAN = 2.5;
const MAX_LINES = 12;

/**
 * `demo_order_base`: what is decided when an order is placed — who, when, through which channel,
 * how many lines — before items and totals exist. Order ids follow time (position order), and
 * `items_before` (lines of all earlier orders) numbers the items without sorting them.
 */
export function orderBaseSql(plan: DemoPlan): string {
  const seeds =
    `SELECT range + 1 AS order_id, (range + demo_uniform(range + 1, 'order.slot')) / ${plan.orders}::DOUBLE AS position ` +
    `FROM range(${plan.orders})`;
  return `
CREATE OR REPLACE TEMP TABLE demo_order_base AS
WITH positioned AS (${withPositionedTimestamp(seeds)}
), draws AS (
  SELECT order_id, position, positioned_at AS ordered_at, is_promo_day,
    ${signedUpCustomersSql(plan, 'position')} AS signed_up_customers,
    demo_uniform(order_id, 'order.customer') AS u_customer,
    demo_uniform(order_id, 'order.recent_customer') AS u_recent_customer,
    demo_uniform(order_id, 'order.channel') AS u_channel,
    demo_uniform(order_id, 'order.coupon') AS u_coupon,
    demo_uniform(order_id, 'order.coupon_code') AS u_coupon_code,
    demo_uniform(order_id, 'order.shipping_method') AS u_shipping_method,
    demo_uniform(order_id, 'order.lines') AS u_lines
  FROM positioned
), decided AS (
  SELECT order_id, position, ordered_at, is_promo_day,
    CASE WHEN u_recent_customer < ${RECENT_CUSTOMER_SHARE}
      THEN greatest(1, signed_up_customers - CAST(floor(u_customer * least(signed_up_customers, ${RECENT_CUSTOMER_WINDOW})) AS BIGINT))
      ELSE 1 + CAST(floor(u_customer * signed_up_customers) AS BIGINT)
    END AS customer_id,
    ${weightedChoiceSql('u_channel', ORDER_CHANNELS)} AS channel,
    CASE
      WHEN is_promo_day AND u_coupon < ${PROMO_DAY_COUPON_SHARE} THEN 'SALE25'
      WHEN u_coupon < ${EVERYDAY_COUPON_SHARE} THEN ${weightedChoiceSql('u_coupon_code', EVERYDAY_COUPONS)}
    END AS coupon_code,
    ${weightedChoiceSql('u_shipping_method', SHIPPING_METHODS)} AS shipping_method,
    CAST(1 + least(${MAX_LINES - 1}, floor(-ln(1 - u_lines) * ${EXTRA_LINES_MEAN})) AS INTEGER) AS item_count
  FROM draws
)
-- sum() widens to HUGEINT; ids stay BIGINT.
SELECT *, CAST(sum(item_count) OVER (ORDER BY order_id ROWS UNBOUNDED PRECEDING) - item_count AS BIGINT) AS items_before
FROM decided
-- Stored in id order: order items and events stream from here without sorting again.
ORDER BY order_id;
`;
}
