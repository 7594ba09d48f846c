import { filterValuesProblem, type MetricQuery } from '@quarry/domain';

import { badQueryError } from './errors/query-errors';

/** The request's structure, before anything reads it: lists are lists, ids are strings, the limit is a count. */
export function validateQueryShape(query: MetricQuery): void {
  const list = (value: unknown, key: string, optional = false): void => {
    if (optional && value === undefined) return;
    if (!Array.isArray(value)) throw badQueryError(`"${key}" must be a list`, { [key]: value });
  };
  list(query.dimensions, 'dimensions');
  list(query.metrics, 'metrics');
  list(query.sorts, 'sorts', true);
  list(query.tableCalculations, 'tableCalculations', true);
  list(query.additionalMetrics, 'additionalMetrics', true);
  list(query.customDimensions, 'customDimensions', true);
  for (const key of ['dimensions', 'metrics'] as const) {
    const bad = query[key].find((id) => typeof id !== 'string');
    if (bad !== undefined) throw badQueryError(`"${key}" must hold field ids`, { [key]: bad });
  }
  if (!Number.isInteger(query.limit) || query.limit < 1)
    throw badQueryError(`"limit" must be a positive whole number, got ${JSON.stringify(query.limit)}`, { limit: query.limit });
  if (query.filters !== undefined && (typeof query.filters !== 'object' || query.filters === null))
    throw badQueryError('"filters" must be an object', { filters: query.filters });
  assertFilterValueCounts(query);
}

/** Values are counted before any is read: every route that compiles (dashboards, exports, saved charts) meets the caps. */
function assertFilterValueCounts(query: MetricQuery): void {
  const filters = query.filters ?? {};
  const groups = (['dimensions', 'metrics', 'tableCalculations'] as const).map((key) => [`filters.${key}`, filters[key]] as const);
  const metricRules = (query.additionalMetrics ?? []).flatMap((metric, index) =>
    (metric.filters ?? []).map((rule, at) => [`additionalMetrics[${index}].filters[${at}]`, rule] as const),
  );
  const problem = filterValuesProblem([...groups, ...metricRules]);
  if (problem) throw badQueryError(problem.message, { [problem.path]: [problem.message] });
}
