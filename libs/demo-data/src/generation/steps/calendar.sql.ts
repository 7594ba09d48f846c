import type { DemoPlan } from '../demo-plan';
import { sqlList, sqlString } from '../sql-literals';

/** Relative order volume by calendar month (January first): a quiet spring, a busy Q4. */
const MONTH_FACTORS = [0.82, 0.78, 0.9, 0.92, 0.97, 0.93, 0.95, 0.98, 0.96, 1.02, 1.3, 1.55];
/** Relative order volume by ISO weekday (Monday first): weekends shop more. */
const WEEKDAY_FACTORS = [1.0, 1.02, 1.0, 0.98, 0.95, 1.05, 1.12];
/** Relative order volume by hour of day (UTC, midnight first): evenings peak. */
const HOUR_WEIGHTS = [25, 15, 10, 8, 8, 12, 30, 55, 80, 95, 100, 105, 110, 105, 100, 100, 105, 115, 130, 145, 150, 130, 90, 50];
/** Yearly growth of the business, as a fraction of first-year volume. */
const YEARLY_GROWTH = 0.4;

/**
 * Two lookup tables that turn a position in [0, 1) into a moment of the demo window, so that
 * rows spread over time with growth, seasonality, weekly rhythm, sale days and a daily curve.
 * Each row holds its slice of the cumulative distribution: [start_share, start_share + share).
 * Weights are rounded to integers before summing so the shares are exact and reproducible.
 */
export function calendarSql(plan: DemoPlan): string {
  const first = `DATE ${sqlString(plan.firstDay)}`;
  const last = `DATE ${sqlString(plan.lastDay)}`;
  return `
CREATE OR REPLACE TEMP TABLE demo_days AS
WITH days AS (
  SELECT CAST(generated AS DATE) AS calendar_day
  FROM generate_series(${first}, ${last}, INTERVAL 1 DAY) AS series(generated)
), marked AS (
  SELECT calendar_day,
    -- US Thanksgiving: the fourth Thursday of November (ISO Thursday = 4).
    make_date(year(calendar_day), 11, 1)
      + CAST((11 - isodow(make_date(year(calendar_day), 11, 1))) % 7 + 21 AS INTEGER) AS thanksgiving
  FROM days
), factored AS (
  SELECT calendar_day,
    (calendar_day BETWEEN thanksgiving + 1 AND thanksgiving + 4)
      OR (month(calendar_day) = 7 AND dayofmonth(calendar_day) IN (11, 12)) AS is_promo_day,
    (1 + ${YEARLY_GROWTH} * datediff('day', ${first}, calendar_day) / 365.25)
      * ${sqlList(MONTH_FACTORS)}[month(calendar_day)]
      * ${sqlList(WEEKDAY_FACTORS)}[isodow(calendar_day)]
      * CASE
          WHEN calendar_day = thanksgiving + 1 THEN 3.2  -- Black Friday
          WHEN calendar_day = thanksgiving + 4 THEN 2.6  -- Cyber Monday
          WHEN calendar_day IN (thanksgiving + 2, thanksgiving + 3) THEN 1.8
          WHEN month(calendar_day) = 7 AND dayofmonth(calendar_day) IN (11, 12) THEN 1.9  -- summer sale
          WHEN month(calendar_day) = 12 AND dayofmonth(calendar_day) = 24 THEN 0.7
          WHEN month(calendar_day) = 12 AND dayofmonth(calendar_day) = 25 THEN 0.45
          WHEN month(calendar_day) = 12 AND dayofmonth(calendar_day) = 26 THEN 1.3
          WHEN month(calendar_day) = 1 AND dayofmonth(calendar_day) = 1 THEN 0.6
          ELSE 1
        END
      -- Day-to-day noise keyed on the date itself, so a day looks the same in any window.
      * (0.9 + 0.2 * demo_uniform(datediff('day', DATE '2000-01-01', calendar_day), 'calendar.noise')) AS factor
  FROM marked
), weighted AS (
  SELECT calendar_day, is_promo_day, CAST(round(factor * 1000000) AS BIGINT) AS weight FROM factored
)
SELECT calendar_day, is_promo_day,
  (sum(weight) OVER (ORDER BY calendar_day ROWS UNBOUNDED PRECEDING) - weight) / (sum(weight) OVER ())::DOUBLE AS start_share,
  weight / (sum(weight) OVER ())::DOUBLE AS share
FROM weighted;

CREATE OR REPLACE TEMP TABLE demo_hours AS
WITH weighted AS (
  SELECT unnest(range(24)) AS hour_of_day, unnest(${sqlList(HOUR_WEIGHTS)}) AS weight
)
SELECT hour_of_day,
  (sum(weight) OVER (ORDER BY hour_of_day ROWS UNBOUNDED PRECEDING) - weight) / (sum(weight) OVER ())::DOUBLE AS start_share,
  weight / (sum(weight) OVER ())::DOUBLE AS share
FROM weighted;
`;
}
