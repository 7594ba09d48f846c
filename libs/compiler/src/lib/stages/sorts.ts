import type { SqlDialect } from '@quarry/dialects';
import type { Sort, TimeFrame } from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';
import type { QueryDimension } from '../fields/query-field';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The sorts of a query: its own, or by default the first date/timestamp dimension descending,
 * else the first metric descending, else the first dimension ascending; none without
 * dimensions (semantics.md §5).
 */
export function effectiveSorts(sorts: readonly Sort[], dimensions: readonly QueryDimension[], metricIds: readonly string[]): Sort[] {
  if (sorts.length > 0) return [...sorts];
  if (dimensions.length === 0) return [];
  const time = dimensions.find((dimension) => dimension.type === 'date' || dimension.type === 'timestamp');
  if (time) return [{ fieldId: time.id, descending: true }];
  const [metric] = metricIds;
  if (metric !== undefined) return [{ fieldId: metric, descending: true }];
  return [{ fieldId: (dimensions[0] as QueryDimension).id, descending: false }];
}

export interface SortScope {
  columns: ReadonlySet<string>;
  /** Sorting a bin sorts its `_order` column. */
  binIds: ReadonlySet<string>;
  timeIntervals: ReadonlyMap<string, TimeFrame | undefined>;
  dialect: SqlDialect;
}

/** `ORDER BY` items; month and weekday names sort in calendar order (which needs the CTE wrap). */
export function orderByItems(sorts: readonly Sort[], scope: SortScope): string[] {
  return sorts.map((sort) => {
    if (typeof sort.fieldId !== 'string' || !scope.columns.has(sort.fieldId)) {
      throw badQueryError(`Sort on "${String(sort.fieldId)}", which is not a field of this query`, { sortFieldId: sort.fieldId });
    }
    const q = scope.dialect.quoteColumn.bind(scope.dialect);
    const interval = scope.timeIntervals.get(sort.fieldId);
    let key = scope.binIds.has(sort.fieldId) ? q(`${sort.fieldId}_order`) : q(sort.fieldId);
    if (interval === 'MONTH_NAME' || interval === 'DAY_OF_WEEK_NAME') {
      const names = interval === 'MONTH_NAME' ? MONTHS : DAYS;
      key = `(CASE ${names.map((name, index) => `WHEN ${q(sort.fieldId)} = '${name}' THEN ${index + 1}`).join(' ')} ELSE 0 END)`;
    }
    return scope.dialect.orderItemSql(key, sort.descending === true, sortNullsFirst(sort));
  });
}

/** Name grains sort by a CASE over the column, which only a wrapping SELECT can express. */
export function needsNameSort(sorts: readonly Sort[], timeIntervals: ReadonlyMap<string, TimeFrame | undefined>): boolean {
  return sorts.some((sort) => {
    const interval = timeIntervals.get(sort.fieldId);
    return interval === 'MONTH_NAME' || interval === 'DAY_OF_WEEK_NAME';
  });
}

/** A sort's explicit null placement, if it has one (window orders follow the query's sorts). */
export function sortNullsFirst(sort: Sort): boolean | undefined {
  return typeof sort.nullsFirst === 'boolean' ? sort.nullsFirst : undefined;
}
