import type { SqlDialect } from '@quarry/dialects';
import type { PivotAggregation, PivotSortBy } from '@quarry/domain';

import type { PivotPlan } from './pivot-plan';

export interface PivotLimits {
  /** Index rows returned (the query's limit). */
  rowLimit: number;
  /** Value columns returned across all values (configured maximum). */
  columnLimit: number;
}

/** Columns the pivot SQL adds to each row. */
export const PIVOT_ROW_INDEX = 'row_index';
export const PIVOT_COLUMN_INDEX = 'column_index';
export const PIVOT_TOTAL_COLUMNS = 'total_columns';
/** Rank of a row's group-by values over all rows: finds the first pivot column for value sorts. */
const FIRST_COLUMN_RANK = 'first_column_rank';

/**
 * Wraps a query (compiled without its LIMIT) in the SQL that pivots it (semantics.md §7): values
 * aggregated per index and group-by combination; each index combination ranked into a row and
 * each group-by combination into a column; rows and columns cut at their limits, and the total
 * column count kept so a client can tell columns were left out. Without group-by columns the
 * rows are only aggregated by the index.
 */
export function pivotSql(querySql: string, plan: PivotPlan, dialect: SqlDialect, limits: PivotLimits): string {
  const q = (name: string): string => dialect.quoteColumn(name);
  const order = (sorts: readonly PivotSortBy[], alias = (reference: string) => q(reference)): string[] =>
    sorts.map((sort) =>
      dialect.orderItemSql(
        alias(sort.reference),
        sort.direction === 'DESC',
        typeof sort.nullsFirst === 'boolean' ? sort.nullsFirst : undefined,
      ),
    );
  const keys = [...plan.groupBy, ...plan.index.map((column) => column.reference)];
  const aggregates = plan.values.map((value) => `${aggregate(value.aggregation, q(value.reference), dialect)} AS ${q(value.alias)}`);
  const groupByQuery = [
    `SELECT ${[...keys.map(q), ...aggregates].join(', ')}`,
    'FROM original_query',
    ...(keys.length > 0 ? [`GROUP BY ${keys.map((_key, i) => i + 1).join(', ')}`] : []),
  ].join('\n');
  const ctes = [`original_query AS (\n${querySql}\n)`, `group_by_query AS (\n${groupByQuery}\n)`];

  const indexOrder = withDefaults(
    plan.indexSorts,
    plan.index.map((column) => column.reference),
  );
  if (plan.groupBy.length === 0) {
    const orderBy = [
      ...order(plan.valueSorts, (reference) => q(plan.values.find((v) => v.reference === reference)?.alias ?? reference)),
      ...order(indexOrder),
    ];
    return `WITH ${ctes.join(',\n')}\nSELECT * FROM group_by_query${
      orderBy.length > 0 ? `\nORDER BY ${orderBy.join(', ')}` : ''
    }\n${dialect.limitSql(limits.rowLimit)}`;
  }

  const columnOrder = `DENSE_RANK() OVER (ORDER BY ${order(withDefaults(plan.groupBySorts, plan.groupBy)).join(', ')})`;
  let source = 'group_by_query';
  const rowOrder: string[] = [];
  if (plan.valueSorts.length > 0) {
    // A value sorts rows by its value in the first pivot column, the same for the whole row.
    const partition = plan.index.length > 0 ? `PARTITION BY ${plan.index.map((column) => q(column.reference)).join(', ')}` : '';
    const sortKeys = plan.valueSorts.map(
      (sort) => `MAX(CASE WHEN ${q(FIRST_COLUMN_RANK)} = 1 THEN ${q(sort.alias)} END) OVER (${partition}) AS ${q(`${sort.alias}__sort`)}`,
    );
    ctes.push(`first_column AS (\nSELECT *, ${columnOrder} AS ${q(FIRST_COLUMN_RANK)}\nFROM group_by_query\n)`);
    ctes.push(`value_sorted AS (\nSELECT *, ${sortKeys.join(', ')}\nFROM first_column\n)`);
    source = 'value_sorted';
    rowOrder.push(
      ...order(plan.valueSorts, (reference) =>
        q(`${plan.valueSorts.find((sort) => sort.reference === reference)?.alias ?? reference}__sort`),
      ),
    );
  }
  // Index columns break ties, so each index combination gets a rank of its own.
  rowOrder.push(...order(indexOrder));
  const rowIndex = rowOrder.length > 0 ? `DENSE_RANK() OVER (ORDER BY ${rowOrder.join(', ')})` : '1';
  ctes.push(`row_ranked AS (\nSELECT *, ${rowIndex} AS ${q(PIVOT_ROW_INDEX)}\nFROM ${source}\n)`);
  ctes.push(`filtered_rows AS (\nSELECT * FROM row_ranked WHERE ${q(PIVOT_ROW_INDEX)} <= ${limits.rowLimit}\n)`);
  // Columns are ranked among the rows kept, so a column limit never spends places on empty columns.
  ctes.push(`pivot_query AS (\nSELECT *, ${columnOrder} AS ${q(PIVOT_COLUMN_INDEX)}\nFROM filtered_rows\n)`);
  ctes.push(
    `total_columns AS (\nSELECT COUNT(*) * ${plan.values.length} AS ${q(PIVOT_TOTAL_COLUMNS)}\nFROM ` +
      `(SELECT DISTINCT ${plan.groupBy.map(q).join(', ')} FROM filtered_rows) AS distinct_groups\n)`,
  );
  const maxColumns = Math.max(1, Math.floor(limits.columnLimit / plan.values.length));
  return [
    `WITH ${ctes.join(',\n')}`,
    `SELECT p.*, t.${q(PIVOT_TOTAL_COLUMNS)}`,
    'FROM pivot_query AS p',
    'CROSS JOIN total_columns AS t',
    `WHERE p.${q(PIVOT_COLUMN_INDEX)} <= ${maxColumns}`,
    `ORDER BY p.${q(PIVOT_ROW_INDEX)}, p.${q(PIVOT_COLUMN_INDEX)}`,
  ].join('\n');
}

/** Requested sorts first, then every remaining column ascending: ranks must be deterministic. */
function withDefaults(sorts: readonly PivotSortBy[], references: readonly string[]): PivotSortBy[] {
  const sorted = new Set(sorts.map((sort) => sort.reference));
  return [
    ...sorts,
    ...references.filter((reference) => !sorted.has(reference)).map((reference) => ({ reference, direction: 'ASC' as const })),
  ];
}

function aggregate(aggregation: PivotAggregation, column: string, dialect: SqlDialect): string {
  switch (aggregation) {
    case 'sum':
      return `SUM(${column})`;
    case 'count':
      return `COUNT(${column})`;
    case 'avg':
      return `AVG(${column})`;
    case 'min':
      return `MIN(${column})`;
    case 'max':
      return `MAX(${column})`;
    case 'any':
      return dialect.anyValueSql(column);
  }
}

/** The columns of pivot rows that readers look up by name (index, group-by and value columns). */
export function pivotResultColumns(plan: PivotPlan): string[] {
  return [...plan.index.map((column) => column.reference), ...plan.groupBy, ...plan.values.map((value) => value.alias)];
}
