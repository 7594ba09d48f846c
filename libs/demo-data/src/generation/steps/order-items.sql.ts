import type { DemoPlan } from '../demo-plan';
import { weightedChoiceSql } from '../sql-literals';
import { COUPON_DISCOUNT_RATES, LINE_QUANTITIES } from '../vocabulary/commerce';
import { listPriceAtRankSql, popularProductRankSql, productAtRankSql } from './products.sql';

/** Prices rose this much over the window: an item sold on the first day cost 1 - this of list. */
const PRICE_DRIFT = 0.1;
/** On promotion days this share of lines is marked down by the markdown rate. */
const PROMO_MARKDOWN_SHARE = 0.5;
const PROMO_MARKDOWN_RATE = 0.2;

/** `coupon_code` → its line discount rate, as a SQL CASE. */
export function couponRateSql(couponColumn: string): string {
  const branches = Object.entries(COUPON_DISCOUNT_RATES).map(([code, rate]) => `WHEN '${code}' THEN ${rate}`);
  return `CASE ${couponColumn} ${branches.join(' ')} ELSE 0 END`;
}

/**
 * The popularity rank of the product on order line `orderItemId`. Events recompute it to show a
 * purchase journey viewing the very products the order then contains.
 */
export function orderItemProductRankSql(plan: DemoPlan, orderItemId: string): string {
  return popularProductRankSql(plan, `demo_uniform(${orderItemId}, 'item.product')`);
}

/**
 * One row per order line. Products follow popularity; the unit price is the list price at the
 * time (list prices drifted up over the window); the discount is the better of the order's coupon
 * and a promotion-day markdown. No join and no sort: lines come out of the id-ordered placements
 * in id order, and DuckDB keeps that order through projections.
 */
export function orderItemsSql(plan: DemoPlan, schema: string): string {
  return (
    `
CREATE TABLE ${schema}.order_items AS
WITH lines AS (
  SELECT order_id, position, is_promo_day, coupon_code, items_before, unnest(range(item_count)) AS line_index
  FROM demo_order_base
), drawn AS (
  SELECT items_before + line_index + 1 AS order_item_id, order_id, CAST(line_index + 1 AS INTEGER) AS line_number,
    position, is_promo_day, coupon_code,
    ${orderItemProductRankSql(plan, 'items_before + line_index + 1')} AS product_rank,
    demo_uniform(items_before + line_index + 1, 'item.quantity') AS u_quantity,
    demo_uniform(items_before + line_index + 1, 'item.markdown') AS u_markdown
  FROM lines
), priced AS (
  SELECT order_item_id, order_id, line_number,
    ${productAtRankSql('product_rank')} AS product_id,
    CAST(${weightedChoiceSql('u_quantity', LINE_QUANTITIES)} AS INTEGER) AS quantity,
    CAST(round(${listPriceAtRankSql('product_rank')} * (${1 - PRICE_DRIFT} + ${PRICE_DRIFT} * position), 2) AS DECIMAL(10, 2)) ` +
    `AS unit_price,
    greatest(
      ${couponRateSql('coupon_code')},
      CASE WHEN is_promo_day AND u_markdown < ${PROMO_MARKDOWN_SHARE} THEN ${PROMO_MARKDOWN_RATE} ELSE 0 END
    ) AS discount_rate
  FROM drawn
)
SELECT order_item_id, order_id, line_number, product_id, quantity, unit_price,
  CAST(round(quantity * unit_price * discount_rate, 2) AS DECIMAL(12, 2)) AS discount_amount
FROM priced;
`
  );
}
