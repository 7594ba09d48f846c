import type { DemoPlan } from '../demo-plan';
import { sqlList, weightedChoiceSql } from '../sql-literals';
import { ACQUISITION_CHANNELS } from '../vocabulary/people';
import {
  APP_DEVICES,
  BOT_SHARE,
  BROWSERS,
  BROWSING_PLATFORMS,
  BROWSING_SESSION_LENGTHS,
  LANDING_PAGES,
  SIGNED_IN_SHARE,
  WEB_DEVICES,
} from '../vocabulary/web';
import { signedUpCustomersSql } from './customer-signups.sql';
import { withPositionedTimestamp } from './positioned-timestamp.sql';

/**
 * The timing of step `step` of a session, in seconds after its start: steps are `pace` apart,
 * each (but the first) delayed by less than half a pace, so events never overtake each other.
 * `sessionsSql` uses it for the last step (the session's length) and `eventsSql` for every step;
 * both must agree exactly, hence one definition.
 */
export function stepOffsetSecondsSql(seed: string, step: string, pace: string): string {
  return (
    `(CASE WHEN (${step}) = 0 THEN 0 ELSE (${step}) * (${pace}) + floor(demo_uniform2(${seed}, ${step}, 'event.delay') * ` +
    `(${pace}) / 2) END)`
  );
}

/**
 * `demo_sessions`: one row per visit, numbered in time order, with where its events start in the
 * event numbering. Two kinds:
 *  - purchase sessions, one per web or app order, ending with the purchase at the order's moment;
 *  - browsing sessions spread over the window, some signed in, a few of them crawlers.
 * `session_seed` (order id, or minus the browsing number) keys every later draw.
 */
export function sessionsSql(plan: DemoPlan): string {
  const browsingSeeds =
    `SELECT range + 1 AS browse_no, (range + demo_uniform(range + 1, ` +
    `'session.slot')) / ${plan.browsingSessions}::DOUBLE AS position FROM range(${plan.browsingSessions})`;
  return (
    `
CREATE OR REPLACE TEMP TABLE demo_sessions AS
WITH purchase AS (
  SELECT order_id AS session_seed, customer_id, order_id, item_count, items_before, ordered_at AS anchor_at, false AS is_bot,
    CASE channel WHEN 'web' THEN 'web' WHEN 'ios_app' THEN 'ios' ELSE 'android' END AS platform,
    CAST(4 + floor(demo_uniform(order_id, 'session.length') * 3) AS INTEGER) AS event_count,
    CAST(30 + floor(demo_uniform(order_id, 'session.pace') * 150) AS INTEGER) AS pace
  FROM demo_order_base
  WHERE channel <> 'marketplace'
), browsing_positioned AS (${withPositionedTimestamp(browsingSeeds)}
), browsing_draws AS (
  SELECT -browse_no AS session_seed, position, positioned_at AS anchor_at,
    demo_uniform(browse_no, 'session.bot') < ${BOT_SHARE} AS is_bot,
    demo_uniform(browse_no, 'session.signed_in') AS u_signed_in,
    demo_uniform(browse_no, 'session.customer') AS u_customer,
    demo_uniform(browse_no, 'session.platform') AS u_platform,
    demo_uniform(browse_no, 'session.length') AS u_length,
    demo_uniform(browse_no, 'session.pace') AS u_pace
  FROM browsing_positioned
), browsing AS (
  SELECT session_seed,
    CASE WHEN NOT is_bot AND u_signed_in < ${SIGNED_IN_SHARE}
      THEN 1 + CAST(floor(u_customer * ${signedUpCustomersSql(plan, 'position')}) AS BIGINT)
    END AS customer_id,
    CAST(NULL AS BIGINT) AS order_id, CAST(NULL AS INTEGER) AS item_count, CAST(NULL AS BIGINT) AS items_before, anchor_at, is_bot,
    CASE WHEN is_bot THEN 'web' ELSE ${weightedChoiceSql('u_platform', BROWSING_PLATFORMS)} END AS platform,
    CAST(CASE WHEN is_bot THEN 8 + floor(u_length * 18) ELSE ${weightedChoiceSql('u_length', BROWSING_SESSION_LENGTHS)} END ` +
    `AS INTEGER) AS event_count,
    CAST(CASE WHEN is_bot THEN 1 + floor(u_pace * 4) ELSE 15 + floor(u_pace * 135) END AS INTEGER) AS pace
  FROM browsing_draws
), unioned AS (
  SELECT * FROM purchase
  UNION ALL BY NAME
  SELECT * FROM browsing
), timed AS (
  SELECT unioned.*,
    CAST(${stepOffsetSecondsSql('session_seed', 'event_count - 1', 'pace')} AS INTEGER) AS session_duration_seconds,
    demo_uniform(session_seed, 'session.device') AS u_device,
    demo_uniform(session_seed, 'session.browser') AS u_browser,
    demo_uniform(session_seed, 'session.source') AS u_source,
    demo_uniform(session_seed, 'session.landing') AS u_landing
  FROM unioned
), started AS (
  SELECT timed.*,
    -- A purchase session is placed so that its last event is the order itself.
    CASE WHEN order_id IS NULL THEN anchor_at ELSE anchor_at - demo_seconds(session_duration_seconds) END AS started_at
  FROM timed
), numbered AS (
  SELECT started.*, row_number() OVER (ORDER BY started_at, session_seed) AS session_no FROM started
)
SELECT
  session_no,
  session_seed,
  -- Unique by construction (the number) yet opaque-looking (the hash).
  printf('%08x%08x', session_no, hash(session_seed, 'session.id') >> 32) AS session_id,
  customer_id, order_id, item_count, items_before, started_at, is_bot, platform, event_count, pace, session_duration_seconds,
  CASE
    WHEN is_bot THEN 'desktop'
    WHEN platform = 'web' THEN ${weightedChoiceSql('u_device', WEB_DEVICES)}
    ELSE ${weightedChoiceSql('u_device', APP_DEVICES)}
  END AS device_type,
  CASE WHEN is_bot THEN 'Other' WHEN platform = 'web' THEN ${weightedChoiceSql('u_browser', BROWSERS)} END AS browser,
  CASE WHEN is_bot THEN 'direct' ELSE ${weightedChoiceSql('u_source', ACQUISITION_CHANNELS)} END AS traffic_source,
  demo_pick(${sqlList(LANDING_PAGES)}, u_landing) AS landing_path,
  -- sum() widens to HUGEINT; ids stay BIGINT.
  CAST(sum(event_count) OVER (ORDER BY session_no ROWS UNBOUNDED PRECEDING) - event_count AS BIGINT) AS events_before
FROM numbered
-- Stored in session order: events stream from here in id order without sorting again.
ORDER BY session_no;
`
  );
}
