import type { PivotAggregation } from '@quarry/domain';

import type { PivotPlan } from './pivot-plan';
import { PIVOT_COLUMN_INDEX, PIVOT_ROW_INDEX, PIVOT_TOTAL_COLUMNS } from './pivot-sql';

type Row = Record<string, unknown>;

/** A result column of the pivoted rows, before formatting. */
export interface PivotedColumn {
  referenceField: string;
  pivotColumnName: string;
  aggregation: PivotAggregation;
  pivotValues: Array<{ referenceField: string; value: unknown }>;
  columnIndex: number;
}

export interface PivotedRows {
  /** One row per index combination: its index values, then each value column. */
  rows: Row[];
  columns: PivotedColumn[];
  /** Value columns of the whole pivot, before the column limit. */
  totalColumnCount: number;
}

/**
 * Turns the long rows of the pivot SQL (one per index × group-by combination, ordered by row and
 * column rank) into wide rows. Column names join the value's id, its aggregation and the group-by
 * values (`orders_amount_sum_completed`); a suffix keeps them unique if two would coincide.
 */
export function pivotRows(longRows: readonly Row[], plan: PivotPlan): PivotedRows {
  if (plan.groupBy.length === 0) {
    return {
      rows: longRows.map((row) => ({ ...row })),
      columns: plan.values.map((value, i) => ({
        referenceField: value.reference,
        pivotColumnName: value.alias,
        aggregation: value.aggregation,
        pivotValues: [],
        columnIndex: i,
      })),
      totalColumnCount: plan.values.length,
    };
  }
  const columnNames = new Map<string, PivotedColumn>();
  const taken = new Set<string>(plan.index.map((column) => column.reference));
  const rows: Row[] = [];
  let current: Row | undefined;
  let currentRank: unknown;
  let totalColumnCount = 0;
  for (const row of longRows) {
    totalColumnCount = Number(row[PIVOT_TOTAL_COLUMNS] ?? totalColumnCount);
    if (current === undefined || row[PIVOT_ROW_INDEX] !== currentRank) {
      current = Object.fromEntries(plan.index.map((column) => [column.reference, row[column.reference]]));
      currentRank = row[PIVOT_ROW_INDEX];
      rows.push(current);
    }
    const groupValues = plan.groupBy.map((reference) => row[reference]);
    for (const value of plan.values) {
      const key = JSON.stringify([value.alias, groupValues]);
      let column = columnNames.get(key);
      if (column === undefined) {
        column = {
          referenceField: value.reference,
          pivotColumnName: uniqueName([value.reference, value.aggregation, ...groupValues.map(String)].join('_'), taken),
          aggregation: value.aggregation,
          pivotValues: plan.groupBy.map((reference, i) => ({ referenceField: reference, value: groupValues[i] })),
          columnIndex: Number(row[PIVOT_COLUMN_INDEX]),
        };
        columnNames.set(key, column);
      }
      current[column.pivotColumnName] = row[value.alias];
    }
  }
  const columns = [...columnNames.values()].sort(
    (a, b) =>
      a.columnIndex - b.columnIndex ||
      plan.values.findIndex((v) => v.reference === a.referenceField) - plan.values.findIndex((v) => v.reference === b.referenceField),
  );
  // Every row carries every column (null where its combination has no value), in column order.
  const wide = rows.map((row) => ({
    ...Object.fromEntries(plan.index.map((column) => [column.reference, row[column.reference]])),
    ...Object.fromEntries(columns.map((column) => [column.pivotColumnName, row[column.pivotColumnName] ?? null])),
  }));
  return { rows: wide, columns, totalColumnCount };
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}_${n}`;
  taken.add(candidate);
  return candidate;
}
