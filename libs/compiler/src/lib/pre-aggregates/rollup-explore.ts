import type { CompiledTable, Dimension, Explore, Metric } from '@quarry/domain';

import type { RollupView } from './rollup-view';

/**
 * The explore a hit is compiled against (for DuckDB): the same tables and field names — so field
 * ids, labels, types and formats are the original's — read from the rollup relation. Fields the
 * rollup can give read its columns; the others keep their warehouse sql, which the matcher never
 * lets a query reach (it reads tables the rollup relation does not have, so a slip fails loudly).
 * No joins, no sql_filter and no required filters: the rollup applied them when it was built.
 * The time dimension reads the stored grain, which is what a date zoom re-buckets.
 */
export function rollupExplore(view: RollupView): Explore {
  const { explore, rollup } = view;
  const tables: Record<string, CompiledTable> = {};
  for (const [name, table] of Object.entries(explore.tables)) {
    const dimensions: Record<string, Dimension> = {};
    for (const [key, dimension] of Object.entries(table.dimensions)) {
      const support = view.dimension(dimension);
      // The raw time dimension reads the stored bucket: for a date zoom, and for filters whose range ends on bucket boundaries.
      const sql = 'sql' in support ? support.sql : view.isRawTime(dimension) ? view.column(storedTimeColumn(view)) : null;
      dimensions[key] = sql === null ? dimension : { ...dimension, compiledSql: sql, tablesReferences: [explore.baseTable] };
    }
    const metrics: Record<string, Metric> = {};
    for (const [key, metric] of Object.entries(table.metrics)) {
      const support = view.metric(metric);
      metrics[key] = 'sql' in support ? { ...metric, compiledSql: support.sql, tablesReferences: [explore.baseTable] } : metric;
    }
    const { requiredFilters: _required, sqlWhere: _where, uncompiledSqlWhere: _uncompiled, primaryKey: _key, ...settings } = table;
    tables[name] = { ...settings, sqlTable: rollup.relationSql, dimensions, metrics };
  }
  const { preAggregates: _preAggregates, ...rest } = explore;
  return { ...rest, joinedTables: [], tables, targetDatabase: 'duckdb' };
}

function storedTimeColumn(view: RollupView): string {
  const { timeDimension, granularity } = view.definition;
  return `${timeDimension}_${granularity}`;
}
