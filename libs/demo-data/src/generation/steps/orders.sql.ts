import type { DemoPlan } from '../demo-plan';
import { sqlString } from '../sql-literals';

/** Shares of orders cancelled before shipping, and of delivered orders sent back. */
const CANCELLED_SHARE = 0.035;
const RETURNED_SHARE = 0.06;
/** Standard shipping is free from this basket value (after discounts). */
const FREE_SHIPPING_THRESHOLD = 50;

/**
 * Orders with totals summed from their items (DECIMAL, so sums are exact) and a fulfilment
 * timeline. Status is what the timeline says at the end of the window: recent orders are still
 * placed, processing or shipped; their later timestamps stay empty.
 */
export function ordersSql(plan: DemoPlan, schema: string): string {
  const windowEnd = `(DATE ${sqlString(plan.lastDay)} + INTERVAL 1 DAY)`;
  return `
CREATE TABLE ${schema}.orders AS
WITH amounts AS (
  SELECT order_id,
    CAST(sum(quantity * unit_price) AS DECIMAL(12, 2)) AS subtotal,
    CAST(sum(discount_amount) AS DECIMAL(12, 2)) AS discount_total
  FROM ${schema}.order_items
  GROUP BY order_id
), timeline AS (
  SELECT base.order_id, base.customer_id, base.ordered_at, base.channel, base.shipping_method, base.coupon_code,
    base.item_count, amounts.subtotal, amounts.discount_total,
    demo_uniform(base.order_id, 'order.cancelled') < ${CANCELLED_SHARE} AS is_cancelled,
    demo_uniform(base.order_id, 'order.returned') < ${RETURNED_SHARE} AS is_returned,
    -- Picked within 3 to 72 hours, mostly quickly.
    base.ordered_at + demo_seconds(10800 + pow(demo_uniform(base.order_id, 'order.ship_delay'), 1.6) * 248400) AS ships_at,
    CASE base.shipping_method
      WHEN 'next_day' THEN 72000 + demo_uniform(base.order_id, 'order.transit') * 36000
      WHEN 'express' THEN 86400 + demo_uniform(base.order_id, 'order.transit') * 172800
      WHEN 'store_pickup' THEN 7200 + demo_uniform(base.order_id, 'order.transit') * 165600
      ELSE 172800 + demo_uniform(base.order_id, 'order.transit') * 432000
    END AS transit_seconds,
    259200 + demo_uniform(base.order_id, 'order.return_delay') * 2160000 AS return_delay_seconds
  FROM demo_order_base AS base
  JOIN amounts USING (order_id)
), dated AS (
  SELECT timeline.*,
    ships_at + demo_seconds(transit_seconds) AS arrives_at,
    ships_at + demo_seconds(transit_seconds) + demo_seconds(return_delay_seconds) AS comes_back_at
  FROM timeline
), statused AS (
  SELECT dated.*,
    CASE
      WHEN is_cancelled THEN 'cancelled'
      WHEN ships_at >= ${windowEnd} THEN CASE WHEN ordered_at + INTERVAL 2 HOUR >= ${windowEnd} THEN 'placed' ELSE 'processing' END
      WHEN arrives_at >= ${windowEnd} THEN 'shipped'
      WHEN is_returned AND comes_back_at < ${windowEnd} THEN 'returned'
      ELSE 'delivered'
    END AS status,
    CAST(CASE
      WHEN shipping_method = 'store_pickup' THEN 0
      WHEN shipping_method = 'next_day' THEN 14.99
      WHEN shipping_method = 'express' THEN 7.99
      WHEN coupon_code = 'FREESHIP' OR subtotal - discount_total >= ${FREE_SHIPPING_THRESHOLD} THEN 0
      ELSE 4.99
    END AS DECIMAL(8, 2)) AS shipping_cost
  FROM dated
)
SELECT
  order_id,
  customer_id,
  ordered_at,
  CAST(ordered_at AS DATE) AS order_date,
  status,
  channel,
  shipping_method,
  coupon_code,
  item_count,
  subtotal,
  discount_total,
  shipping_cost,
  CAST(subtotal - discount_total + shipping_cost AS DECIMAL(12, 2)) AS order_total,
  CASE WHEN status IN ('shipped', 'delivered', 'returned') THEN ships_at END AS shipped_at,
  CASE WHEN status IN ('delivered', 'returned') THEN arrives_at END AS delivered_at,
  CASE WHEN status = 'returned' THEN comes_back_at END AS returned_at
FROM statused
ORDER BY order_id;
`;
}
