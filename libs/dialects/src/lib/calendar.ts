import type { WeekDay } from '@quarry/domain';

/**
 * One calendar on every warehouse (issue 32). The same query returns the same rows whichever
 * warehouse runs it, so every dialect renders the time frames below to these values:
 *
 * - WEEK truncation starts on the project's week start (the connection's `startOfWeek`,
 *   0 = Monday … 6 = Sunday, the reference's setting); without one, on Monday (ISO 8601) — also
 *   on BigQuery and ClickHouse, whose own WEEK starts on Sunday. Relative week filters and date
 *   zoom use the same week start.
 * - DAY_OF_WEEK_INDEX is 0 = Sunday … 6 = Saturday, as the reference answers on PostgreSQL
 *   (`DATE_PART('DOW', …)`), whatever the week start: a saved filter on the index keeps its
 *   meaning when the project's week start changes.
 * - WEEK_NUM is the ISO 8601 week number (1–53, weeks from Monday, week 1 holds the year's
 *   first Thursday), as PostgreSQL's `DATE_PART('WEEK', …)`.
 * - QUARTER_NUM is 1–4; DAY_OF_WEEK_NAME, MONTH_NAME are English full names without padding
 *   (`Monday`, `January`); QUARTER_NAME is `Q1` … `Q4`.
 * - Text concatenation (quarter names, bin labels) is NULL when a part is NULL, as PostgreSQL's
 *   `||` and ClickHouse's concat are (DuckDB's and PostgreSQL's CONCAT skip NULL parts instead).
 */
export const DEFAULT_START_OF_WEEK: WeekDay = 0;

/** The week start a query or explore uses: the project's, else Monday. */
export function weekStartOf(startOfWeek: WeekDay | undefined): WeekDay {
  return startOfWeek ?? DEFAULT_START_OF_WEEK;
}
