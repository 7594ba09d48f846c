import type { DemoPlan } from '../demo-plan';
import { sqlList, weightedChoiceSql } from '../sql-literals';
import { BROWSE_PAGES, BROWSING_EVENT_TYPES } from '../vocabulary/web';
import { orderItemProductRankSql } from './order-items.sql';
import { popularProductRankSql, productAtRankSql } from './products.sql';
import { stepOffsetSecondsSql } from './sessions.sql';

/**
 * One row per event of every session in `demo_sessions`. Every session opens with a page view.
 * Purchase sessions then view the order's products and end add-to-cart → begin-checkout →
 * purchase, the purchase carrying the order id at the order's exact moment; browsing sessions
 * wander among popular products.
 * Session-level attributes are repeated on each event, as event exports do.
 */
export function eventsSql(plan: DemoPlan, schema: string): string {
  return `
CREATE TABLE ${schema}.events AS
WITH steps AS (
  SELECT sessions.* EXCLUDE (order_id), sessions.order_id AS session_order_id, unnest(range(event_count)) AS step
  FROM demo_sessions AS sessions
), typed AS (
  SELECT steps.*,
    events_before + step + 1 AS event_id,
    started_at + demo_seconds(${stepOffsetSecondsSql('session_seed', 'step', 'pace')}) AS occurred_at,
    demo_uniform2(session_seed, step, 'event.type') AS u_type,
    demo_uniform2(session_seed, step, 'event.page') AS u_page,
    demo_uniform2(session_seed, step, 'event.product') AS u_product
  FROM steps
), classified AS (
  SELECT typed.*,
    CASE
      WHEN step = 0 OR is_bot THEN 'page_view'
      WHEN session_order_id IS NOT NULL THEN
        CASE event_count - step WHEN 1 THEN 'purchase' WHEN 2 THEN 'begin_checkout' WHEN 3 THEN 'add_to_cart' ELSE 'product_view' END
      ELSE ${weightedChoiceSql('u_type', BROWSING_EVENT_TYPES)}
    END AS event_type
  FROM typed
), with_product AS (
  -- Purchase journeys look at the products they end up buying (cycling through the order's
  -- lines, whose products are drawn again exactly as order-items.sql drew them); browsing looks
  -- at popular products. No join, so rows keep their id order without a sort.
  SELECT classified.*,
    ${productAtRankSql(`CASE
      WHEN event_type NOT IN ('product_view', 'add_to_cart') THEN NULL
      WHEN session_order_id IS NOT NULL THEN ${orderItemProductRankSql(plan, 'items_before + 1 + (step - 1) % item_count')}
      ELSE ${popularProductRankSql(plan, 'u_product')}
    END`)} AS product_id
  FROM classified
)
SELECT
  event_id,
  session_id,
  customer_id,
  CASE WHEN event_type = 'purchase' THEN session_order_id END AS order_id,
  occurred_at,
  event_type,
  platform,
  device_type,
  browser,
  traffic_source,
  CASE event_type
    WHEN 'page_view' THEN CASE WHEN step = 0 THEN landing_path ELSE demo_pick(${sqlList(BROWSE_PAGES)}, u_page) END
    WHEN 'product_view' THEN '/products/' || product_id
    WHEN 'search' THEN '/search'
    WHEN 'add_to_cart' THEN '/cart'
    WHEN 'begin_checkout' THEN '/checkout'
    ELSE '/checkout/confirmation'
  END AS page_path,
  product_id,
  is_bot,
  session_duration_seconds
FROM with_product;
`;
}
