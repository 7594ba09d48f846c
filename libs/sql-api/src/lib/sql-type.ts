import type { SqlType } from './sql-plan';

/** Metric types whose values are whole counts. */
const COUNTS = new Set(['count', 'count_distinct']);

/**
 * The PostgreSQL type a Quarry field is described with, so the translator and the protocol server
 * agree. `type` is a dimension's type (string, number, date, timestamp, boolean) or a metric's value
 * type; a metric's aggregation type also works (count → int8, other aggregates → float8), except
 * min/max, whose values have the type of the dimension they aggregate: pass that instead.
 * Timestamps are instants Quarry returns in UTC: `timestamp` (without zone) keeps them as written.
 */
export function sqlTypeOfField(type: string): SqlType {
  switch (type) {
    case 'string':
      return 'text';
    case 'boolean':
      return 'bool';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamp';
    default:
      return COUNTS.has(type) ? 'int8' : 'float8';
  }
}
