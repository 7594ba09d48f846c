import {
  type Dimension,
  type Explore,
  fieldId,
  type Metric,
  type ModelFilterRule,
  PRE_AGGREGATE_GRANULARITIES,
  type PreAggregateDefinition,
  type PreAggregateGranularity,
} from '@quarry/domain';
import { CronExpressionParser } from 'cron-parser';

import { fieldReferencesIn, parseFieldReference } from '../explores/sql-references';
import { parseModelFilters } from '../filters/parse-model-filters';
import { isRecord } from '../util/is-record';
import { notReAggregatable } from './re-aggregatable-metric';
import { rollupJoinProblems } from './rollup-joins';

const NAME = /^[A-Za-z0-9_]+$/;
const RUNTIME_REFERENCE = /\$\{(?:lightdash|ld)\./;
const KEYS = new Set(['name', 'dimensions', 'metrics', 'filters', 'time_dimension', 'granularity', 'refresh']);

export interface ResolvedPreAggregates {
  definitions: PreAggregateDefinition[];
  /** One message per problem, each naming the model and the key (`orders.pre_aggregates[0].metrics: …`). */
  issues: string[];
}

/**
 * A model's `pre_aggregates:` meta checked against its explore and resolved to field ids. Besides
 * the reference's rules (name, at least one dimension and metric, time dimension and granularity
 * together), a rollup must be exact when re-aggregated: every metric is rebuilt from sums, counts,
 * minimums and maximums, and no join of the rollup may repeat the rows those parts add up.
 */
export function resolvePreAggregates(raw: readonly unknown[], explore: Explore, modelName: string): ResolvedPreAggregates {
  const issues: string[] = [];
  const definitions: PreAggregateDefinition[] = [];
  const names = new Set<string>();
  raw.forEach((entry, index) => {
    const where = `${modelName}.pre_aggregates[${index}]`;
    const problems: string[] = [];
    const issue = (key: string | null, message: string): void => {
      problems.push(`${where}${key === null ? '' : `.${key}`}: ${message}`);
    };
    if (!isRecord(entry)) {
      issues.push(`${where}: a pre-aggregate must be an object with name, dimensions and metrics`);
      return;
    }
    for (const key of Object.keys(entry)) if (!KEYS.has(key)) issue(key, `unknown key; a pre-aggregate has ${[...KEYS].join(', ')}`);
    const name = entry['name'];
    if (typeof name !== 'string' || !NAME.test(name)) issue('name', 'must be letters, digits and underscores');
    else if (names.has(name)) issue('name', `another pre-aggregate of this explore is already named "${name}"`);
    else names.add(name);

    const dimensions = fieldList(entry, 'dimensions', issue).flatMap((ref) => {
      const dimension = resolveField(explore, ref, 'dimensions');
      if (!dimension) issue('dimensions', `"${ref}" is not a dimension of explore "${explore.name}"`);
      return dimension ? [dimension] : [];
    });
    const metrics = fieldList(entry, 'metrics', issue).flatMap((ref) => {
      const metric = resolveField(explore, ref, 'metrics');
      if (!metric) {
        issue('metrics', `"${ref}" is not a metric of explore "${explore.name}"`);
        return [];
      }
      const why = notReAggregatable(metric, explore);
      if (why) issue('metrics', `"${ref}" cannot be stored in a pre-aggregate: ${why}`);
      return why ? [] : [metric];
    });

    const time = timeDimension(entry, explore, issue);
    const filters = readFilters(entry, explore, `${explore.name}_pre_aggregate_${typeof name === 'string' ? name : index}_filter`, issue);
    const refresh = readRefresh(entry, issue);
    const filterDimensions = (filters ?? []).flatMap((rule) => resolveField(explore, rule.target.fieldRef, 'dimensions') ?? []);
    for (const dimension of [...dimensions, ...filterDimensions]) {
      if (RUNTIME_REFERENCE.test(dimension.compiledSql))
        issue(null, `dimension "${idOf(dimension)}" reads user attributes or parameters, which differ from one request to another`);
    }
    if (problems.length === 0) {
      for (const problem of rollupJoinProblems(explore, [...dimensions, ...(time ? [time.child] : []), ...filterDimensions], metrics))
        issue(null, problem);
    }
    if (problems.length > 0) {
      issues.push(...problems);
      return;
    }
    definitions.push({
      name: name as string,
      modelName,
      dimensions: unique(dimensions.map(idOf)),
      metrics: unique(metrics.map(idOf)),
      ...(filters && filters.length > 0 ? { filters } : {}),
      ...(time ? { timeDimension: idOf(time.base), granularity: time.granularity } : {}),
      ...(refresh ? { refresh } : {}),
    });
  });
  return { definitions, issues };
}

type Issue = (key: string | null, message: string) => void;

function fieldList(entry: Record<string, unknown>, key: 'dimensions' | 'metrics', issue: Issue): string[] {
  const value = entry[key];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    issue(key, `must be a list of at least one ${key === 'dimensions' ? 'dimension' : 'metric'} name`);
    return [];
  }
  return value as string[];
}

/** `field` (of the base model) or `table.field` (a joined table, by its name in the explore). */
export function resolveField<K extends 'dimensions' | 'metrics'>(
  explore: Explore,
  reference: string,
  kind: K,
): (K extends 'dimensions' ? Dimension : Metric) | undefined {
  let target: { table: string; name: string };
  try {
    target = parseFieldReference(reference, explore.baseTable, 'a pre-aggregate');
  } catch {
    return undefined;
  }
  const fields = explore.tables[target.table]?.[kind] as Record<string, Dimension | Metric> | undefined;
  return fields?.[target.name] as (K extends 'dimensions' ? Dimension : Metric) | undefined;
}

function timeDimension(
  entry: Record<string, unknown>,
  explore: Explore,
  issue: Issue,
): { base: Dimension; child: Dimension; granularity: PreAggregateGranularity } | undefined {
  const reference = entry['time_dimension'];
  const granularity = entry['granularity'];
  if (reference === undefined && granularity === undefined) return undefined;
  if (reference === undefined || granularity === undefined) {
    issue(reference === undefined ? 'time_dimension' : 'granularity', 'time_dimension and granularity go together: give both or neither');
    return undefined;
  }
  if (typeof granularity !== 'string' || !(PRE_AGGREGATE_GRANULARITIES as readonly string[]).includes(granularity)) {
    issue('granularity', `must be one of ${PRE_AGGREGATE_GRANULARITIES.join(', ')}`);
    return undefined;
  }
  const base = typeof reference === 'string' ? resolveField(explore, reference, 'dimensions') : undefined;
  if (!base) {
    issue('time_dimension', `${JSON.stringify(reference)} is not a dimension of explore "${explore.name}"`);
    return undefined;
  }
  if ((base.type !== 'date' && base.type !== 'timestamp') || base.timeInterval !== undefined) {
    issue('time_dimension', `"${reference}" must be a date or timestamp dimension (not one of its intervals)`);
    return undefined;
  }
  const child = explore.tables[base.table]?.dimensions[`${base.name}_${granularity}`];
  if (!child || child.timeInterval !== granularity.toUpperCase()) {
    issue('granularity', `"${reference}" has no ${granularity} interval: add ${granularity.toUpperCase()} to its time_intervals`);
    return undefined;
  }
  return { base, child, granularity: granularity as PreAggregateGranularity };
}

function readFilters(entry: Record<string, unknown>, explore: Explore, idPrefix: string, issue: Issue): ModelFilterRule[] | undefined {
  const value = entry['filters'];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    issue('filters', 'must be a list like "- status: completed"');
    return undefined;
  }
  let rules: ModelFilterRule[];
  try {
    rules = parseModelFilters(value, idPrefix);
  } catch (error) {
    issue('filters', (error as Error).message);
    return undefined;
  }
  for (const rule of rules) {
    const dimension = resolveField(explore, rule.target.fieldRef, 'dimensions');
    if (!dimension) issue('filters', `"${rule.target.fieldRef}" is not a dimension of explore "${explore.name}"`);
  }
  // Written against the base model like required_filters; stored with the explore table spelled out.
  return rules.map((rule) => {
    const dimension = resolveField(explore, rule.target.fieldRef, 'dimensions');
    return dimension ? { ...rule, target: { fieldRef: `${dimension.table}.${dimension.name}` } } : rule;
  });
}

function readRefresh(entry: Record<string, unknown>, issue: Issue): { cron: string } | undefined {
  const refresh = entry['refresh'];
  if (refresh === undefined || refresh === null) return undefined;
  const cron = isRecord(refresh) ? refresh['cron'] : undefined;
  if (typeof cron !== 'string' || cron.trim().split(/\s+/).length < 5 || cron.trim().split(/\s+/).length > 6) {
    issue('refresh.cron', 'must be a cron expression of five or six fields, e.g. "0 * * * *"');
    return undefined;
  }
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC', strict: false });
  } catch (error) {
    issue('refresh.cron', `${JSON.stringify(cron)} is not a valid cron expression: ${(error as Error).message}`);
    return undefined;
  }
  return { cron };
}

function idOf(field: Dimension | Metric): string {
  return fieldId(field.table, field.name);
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Field references of a non-aggregate metric's sql (`${other_metric}`, `${table.metric}`, `${TABLE}`). */
export function metricReferences(metric: Metric): string[] {
  return fieldReferencesIn(metric.sql);
}
