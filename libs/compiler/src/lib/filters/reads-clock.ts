import type { Explore, FilterOperator, MetricQuery } from '@quarry/domain';

/** Operators whose boundaries are computed from `now` (and the query's zone) when the query compiles. */
export const RELATIVE_DATE_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  'inThePast',
  'notInThePast',
  'inTheNext',
  'inTheCurrent',
  'notInTheCurrent',
  'inPeriodToDate',
]);

/**
 * Any relative operator's name anywhere in a JSON text, in any case: model filters written as
 * text (`inThePast 14 days`) are read case-insensitively, and a false positive only costs a memo.
 */
const RELATIVE_NAME = new RegExp([...RELATIVE_DATE_OPERATORS].join('|'), 'i');

const exploresReadingClock = new WeakMap<Explore, boolean>();

/**
 * Whether compiling (or matching to a pre-aggregate) this query on this explore may read the
 * clock: only relative date filters do — the query's, its custom metrics', and the explore's
 * required filters, metric filters and pre-aggregate filters. Conservative: true whenever such
 * an operator is named anywhere in either. When false, the compile is a pure function of the
 * explore, the query and the rest of the context, so its result may be reused.
 */
export function readsClock(explore: Explore, query: MetricQuery): boolean {
  let explores = exploresReadingClock.get(explore);
  if (explores === undefined) {
    explores = RELATIVE_NAME.test(JSON.stringify(explore));
    exploresReadingClock.set(explore, explores);
  }
  return explores || RELATIVE_NAME.test(JSON.stringify(query));
}
