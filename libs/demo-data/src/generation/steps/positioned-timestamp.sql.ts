/**
 * Wraps a query whose rows carry a `position` in [0, 1) and adds `positioned_at` (TIMESTAMP, whole
 * seconds) and `is_promo_day`, using the calendar tables from `calendarSql`. The mapping is
 * monotonic: a larger position never gets an earlier moment. Generators rely on that — orders
 * numbered in position order are numbered in time order, and a customer whose signup position is
 * not after an order's position signed up no later than the order was placed.
 */
export function withPositionedTimestamp(sourceSql: string): string {
  return `
SELECT within_day.* EXCLUDE (demo_day, demo_day_fraction),
  within_day.demo_day + demo_seconds(
    hours.hour_of_day * 3600
      + least((within_day.demo_day_fraction - hours.start_share) / hours.share, 0.9999999) * 3600
  ) AS positioned_at
FROM (
  SELECT source.*, days.calendar_day AS demo_day, days.is_promo_day,
    least((source.position - days.start_share) / days.share, 0.9999999) AS demo_day_fraction
  FROM (${sourceSql}) AS source
  ASOF JOIN demo_days AS days ON source.position >= days.start_share
) AS within_day
ASOF JOIN demo_hours AS hours ON within_day.demo_day_fraction >= hours.start_share`;
}
