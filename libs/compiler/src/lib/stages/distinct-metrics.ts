import type { SqlDialect } from '@quarry/dialects';
import type { Explore, Metric, WeekDay } from '@quarry/domain';
import { renderFilterRuleSql } from '@quarry/semantic';

import { badQueryError } from '../errors/query-errors';
import type { QueryMetric } from '../fields/query-field';
import { replaceFieldReferences, splitReference } from '../references/field-references';
import type { RuntimeReferences } from '../references/runtime-references';

export interface GroupColumn {
  sql: string;
  alias: string;
}

export interface DistinctMetricContext {
  explore: Explore;
  dialect: SqlDialect;
  references: RuntimeReferences;
  now: Date;
  startOfWeek?: WeekDay;
  /** Dimension (and bin) columns of the query: the distinct values are counted per group. */
  groupColumns: readonly GroupColumn[];
  /** `FROM … JOIN …` of the base query. */
  fromSql: string;
  /** `WHERE …` of the base query, or empty. */
  whereSql: string;
}

export function isDistinctMetric(metric: QueryMetric): boolean {
  return metric.type === 'sum_distinct' || metric.type === 'average_distinct';
}

/**
 * sum_distinct / average_distinct (semantics.md §3): each value counts once per distinct key
 * within a group. A CTE `dd_<id>` numbers the rows of each (group, key) and aggregates only the
 * first: `SUM(CASE WHEN __dd_rn = 1 THEN __dd_val ELSE NULL END)`.
 */
export function distinctMetricCte(metric: QueryMetric, context: DistinctMetricContext): { name: string; sql: string } {
  const { dialect } = context;
  const keys = metric.item.distinctKeys ?? [];
  if (keys.length === 0) throw badQueryError(`Metric "${metric.id}" is ${metric.type} and needs distinct_keys`, { fieldId: metric.id });
  const value = distinctValueSql(metric.item, context);
  const q = (name: string): string => dialect.quoteColumn(name);
  const groupAliases = context.groupColumns.map((column) => q(column.alias));
  const partition = [
    ...context.groupColumns.map((column) => column.sql),
    ...keys.map((key) => `(${context.references.substitute(key)})`),
  ].join(', ');
  const inner = [
    'SELECT',
    [
      ...context.groupColumns.map((column) => `  ${column.sql} AS ${q(column.alias)}`),
      `  (${value}) AS ${q('__dd_val')}`,
      `  ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ${dialect.orderItemSql(`(${value})`, false)}) AS ${q('__dd_rn')}`,
    ].join(',\n'),
    context.fromSql,
    ...(context.whereSql === '' ? [] : [context.whereSql]),
  ].join('\n');
  const firstOnly = `CASE WHEN ${q('__dd_rn')} = 1 THEN ${q('__dd_val')} ELSE NULL END`;
  const aggregate = metric.type === 'average_distinct' ? dialect.metricSql('average', firstOnly) : `SUM(${firstOnly})`;
  const sql = [
    'SELECT',
    [...groupAliases.map((alias) => `  ${alias}`), `  ${aggregate} AS ${q(metric.id)}`].join(',\n'),
    `FROM (\n${inner}\n) AS ${q('__dd_sub')}`,
    ...(groupAliases.length > 0 ? [`GROUP BY ${groupAliases.map((_alias, index) => index + 1).join(',')}`] : []),
  ].join('\n');
  return { name: `dd_${metric.id}`, sql };
}

/** The value a distinct metric aggregates: its sql with references resolved and its YAML filters applied (as literals). */
function distinctValueSql(metric: Metric, context: DistinctMetricContext): string {
  const { explore, dialect } = context;
  const dimension = (reference: string) => {
    const target = splitReference(reference, metric.table);
    const found = target ? explore.tables[target.table]?.dimensions[target.name] : undefined;
    if (!found)
      throw badQueryError(`\${${reference}} in metric "${metric.table}_${metric.name}" is not a dimension of this explore`, {
        fieldId: `${metric.table}_${metric.name}`,
        reference,
      });
    return found;
  };
  let value = replaceFieldReferences(metric.sql, (reference) =>
    reference === 'TABLE' ? dialect.quoteTableAlias(metric.table) : `(${dimension(reference).compiledSql})`,
  );
  if (metric.filters.length > 0) {
    const conditions = metric.filters.map((rule) => {
      const target = dimension(rule.target.fieldRef);
      const caseSensitive = target.caseSensitive ?? explore.caseSensitive ?? true;
      return `(${renderFilterRuleSql(rule, target.compiledSql, target.type, { dialect, now: context.now, caseSensitive, ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }) })})`;
    });
    value = `CASE WHEN ${conditions.join(' AND ')} THEN (${value}) ELSE NULL END`;
  }
  return context.references.substitute(value);
}
