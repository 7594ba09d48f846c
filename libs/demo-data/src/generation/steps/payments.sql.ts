import { sqlList, weightedChoiceSql } from '../sql-literals';
import { CARD_BRANDS, GIFT_CARD_VALUES, PAYMENT_METHODS_ANDROID, PAYMENT_METHODS_IOS, PAYMENT_METHODS_WEB } from '../vocabulary/commerce';

/** Shares of (non-marketplace) orders partly paid by gift card, and of card orders with a declined first try. */
const GIFT_CARD_SPLIT_SHARE = 0.05;
const DECLINED_FIRST_TRY_SHARE = 0.04;

/**
 * Payments per order: usually one; sometimes a gift card covers part of it; sometimes a card is
 * declined before the payment that went through. Successful payments add up to the order total;
 * cancelled and returned orders are refunded; orders still `placed` are pending.
 */
export function paymentsSql(schema: string): string {
  return (
    `
CREATE TABLE ${schema}.payments AS
WITH draws AS (
  SELECT order_id, channel, status AS order_status, ordered_at, order_total,
    demo_uniform(order_id, 'payment.method') AS u_method,
    demo_uniform(order_id, 'payment.gift_card') AS u_gift_card,
    demo_uniform(order_id, 'payment.gift_card_value') AS u_gift_card_value,
    demo_uniform(order_id, 'payment.declined') AS u_declined,
    demo_uniform(order_id, 'payment.card_brand') AS u_card_brand,
    demo_uniform(order_id, 'payment.latency') AS u_latency
  FROM ${schema}.orders
), chosen AS (
  SELECT draws.*,
    CASE channel
      WHEN 'marketplace' THEN 'marketplace'
      WHEN 'ios_app' THEN ${weightedChoiceSql('u_method', PAYMENT_METHODS_IOS)}
      WHEN 'android_app' THEN ${weightedChoiceSql('u_method', PAYMENT_METHODS_ANDROID)}
      ELSE ${weightedChoiceSql('u_method', PAYMENT_METHODS_WEB)}
    END AS main_method,
    CASE WHEN channel <> 'marketplace' AND u_gift_card < ${GIFT_CARD_SPLIT_SHARE}
      THEN least(order_total, demo_pick(${sqlList(GIFT_CARD_VALUES)}, u_gift_card_value))
      ELSE 0
    END AS gift_card_amount,
    CASE order_status WHEN 'cancelled' THEN 'refunded' WHEN 'returned' THEN 'refunded' WHEN 'placed' THEN 'pending' ELSE 'completed' ` +
    `END AS settled_status
  FROM draws
), attempts AS (
  SELECT order_id, 1 AS attempt, main_method AS payment_method, order_total - gift_card_amount AS amount, 'failed' AS status,
    ordered_at - demo_seconds(60 + u_latency * 600) AS created_at, u_card_brand, u_latency
  FROM chosen
  WHERE u_declined < ${DECLINED_FIRST_TRY_SHARE} AND main_method IN ('credit_card', 'debit_card')
  UNION ALL
  SELECT order_id, 2, 'gift_card', gift_card_amount, settled_status, ordered_at - INTERVAL 40 SECOND, u_card_brand, u_latency
  FROM chosen
  WHERE gift_card_amount > 0
  UNION ALL
  SELECT order_id, 3, main_method, order_total - gift_card_amount, settled_status, ordered_at - INTERVAL 20 SECOND, u_card_brand, u_latency
  FROM chosen
  WHERE order_total > gift_card_amount
)
SELECT
  row_number() OVER (ORDER BY order_id, attempt) AS payment_id,
  order_id,
  payment_method,
  CASE WHEN payment_method IN ('credit_card', 'debit_card') THEN ${weightedChoiceSql('u_card_brand', CARD_BRANDS)} END AS card_brand,
  CAST(amount AS DECIMAL(12, 2)) AS amount,
  status,
  created_at,
  CASE WHEN status IN ('completed', 'refunded') THEN created_at + demo_seconds(2 + u_latency * 15) END AS paid_at
FROM attempts
ORDER BY payment_id;
`
  );
}
