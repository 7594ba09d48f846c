import type { SqlDialect } from '@quarry/dialects';
import type { Explore, ExploreJoin } from '@quarry/domain';

import type { QueryMetric } from '../fields/query-field';
import type { RuntimeReferences } from '../references/runtime-references';
import type { GroupColumn } from './distinct-metrics';
import { FAN_OUT_SAFE_TYPES, inflatedTables } from './inflated-tables';

/** CTEs computing one inflated table's metrics over its distinct rows. */
export interface FanOutCtes {
  table: string;
  metrics: QueryMetric[];
  /** `cte_keys_<t>` then `cte_metrics_<t>`, as `name AS (sql)` pairs. */
  ctes: Array<{ name: string; sql: string }>;
  /** The CTE holding the metrics' columns, joined to the others on the group columns. */
  metricsCte: string;
}

export interface FanOutContext {
  explore: Explore;
  dialect: SqlDialect;
  references: RuntimeReferences;
  groupColumns: readonly GroupColumn[];
  fromSql: string;
  whereSql: string;
}

/**
 * Fan-out protection (semantics.md §5). For each table a join inflates that has a primary key,
 * its metrics (but count_distinct / min / max, which repeats cannot change, and metrics reading
 * other tables) are computed apart: `cte_keys_<t>` lists the distinct (group, primary key)
 * pairs the filtered query reaches; `cte_metrics_<t>` joins them back to the table and
 * aggregates, so each row of `t` counts once per group.
 */
export function fanOutCtes(metrics: readonly QueryMetric[], joins: readonly ExploreJoin[], context: FanOutContext): FanOutCtes[] {
  const inflated = inflatedTables(joins);
  const { dialect, explore } = context;
  const q = (name: string): string => dialect.quoteColumn(name);
  const result: FanOutCtes[] = [];
  for (const tableName of inflated) {
    const table = explore.tables[tableName];
    const keys = (table?.primaryKey ?? []).map((name) => table?.dimensions[name]);
    if (!table || keys.length === 0 || keys.some((key) => key === undefined)) continue;
    const affected = metrics.filter(
      (metric) => metric.table === tableName && !FAN_OUT_SAFE_TYPES.has(metric.type) && metric.tables.every((t) => t === tableName),
    );
    if (affected.length === 0) continue;
    const keysName = `cte_keys_${tableName}`;
    const metricsName = `cte_metrics_${tableName}`;
    const keyColumns = keys.map((key) => ({
      sql: context.references.substitute((key as NonNullable<typeof key>).compiledSql),
      alias: `pk_${(key as NonNullable<typeof key>).name}`,
    }));
    const keysSql = [
      'SELECT DISTINCT',
      [...context.groupColumns, ...keyColumns].map((column) => `  ${column.sql} AS ${q(column.alias)}`).join(',\n'),
      context.fromSql,
      ...(context.whereSql === '' ? [] : [context.whereSql]),
    ].join('\n');
    const on = keyColumns.map((column) => `${q(keysName)}.${q(column.alias)} = ${column.sql}`).join(' AND ');
    const groupBy = context.groupColumns.map((_column, index) => index + 1).join(',');
    const metricsSql = [
      'SELECT',
      [
        ...context.groupColumns.map((column) => `  ${q(keysName)}.${q(column.alias)} AS ${q(column.alias)}`),
        ...affected.map((metric) => `  ${metric.sql} AS ${q(metric.id)}`),
      ].join(',\n'),
      `FROM ${q(keysName)}`,
      `LEFT OUTER JOIN ${context.references.substitute(table.sqlTable)} AS ${dialect.quoteTableAlias(tableName)}\n  ON ${on}`,
      ...(groupBy === '' ? [] : [`GROUP BY ${groupBy}`]),
    ].join('\n');
    result.push({
      table: tableName,
      metrics: affected,
      ctes: [
        { name: keysName, sql: keysSql },
        { name: metricsName, sql: metricsSql },
      ],
      metricsCte: metricsName,
    });
  }
  return result;
}
