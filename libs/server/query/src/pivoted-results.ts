import type { ItemsMap, PivotedRows, PivotPlan } from '@quarry/compiler';
import type { PivotDetails } from '@quarry/domain';
import { createItemFormatter, createRowFormatter, type ResultRow } from '@quarry/formatting';

import { type ResultColumn, resultColumns } from './result-columns';

/**
 * Formats pivoted rows: index columns as their fields, each value column as the field it
 * aggregates (a count is a plain number), and describes the pivot in `pivotDetails`.
 */
export function pivotedResultsOf(
  pivoted: PivotedRows,
  plan: PivotPlan,
  fields: ItemsMap,
): { rows: ResultRow[]; columns: Record<string, ResultColumn>; pivotDetails: PivotDetails } {
  const items: ItemsMap = Object.fromEntries(
    plan.index.map((column) => [column.reference, fields[column.reference]]).filter(([, item]) => item !== undefined),
  );
  for (const column of pivoted.columns) {
    const item = fields[column.referenceField];
    if (column.aggregation !== 'count' && item !== undefined) items[column.pivotColumnName] = item;
  }
  const formatRow = createRowFormatter(items as Parameters<typeof createRowFormatter>[0]);
  const groupFormatters = new Map(
    plan.groupBy.map((reference) => [reference, createItemFormatter(fields[reference] as Parameters<typeof createItemFormatter>[0])]),
  );
  const columns: Record<string, ResultColumn> = {
    ...resultColumns(
      fields,
      plan.index.map((column) => column.reference),
    ),
    ...Object.fromEntries(
      pivoted.columns.map((column) => [
        column.pivotColumnName,
        {
          reference: column.pivotColumnName,
          type:
            column.aggregation === 'count'
              ? 'number'
              : (resultColumns(fields, [column.referenceField])[column.referenceField]?.type ?? 'number'),
        },
      ]),
    ),
  };
  return {
    rows: pivoted.rows.map(formatRow),
    columns,
    pivotDetails: {
      totalColumnCount: pivoted.totalColumnCount,
      indexColumn: plan.index.length > 0 ? plan.index : undefined,
      valuesColumns: pivoted.columns.map((column) => ({
        ...column,
        pivotValues: column.pivotValues.map((value) => ({
          ...value,
          formatted: groupFormatters.get(value.referenceField)?.(value.value) ?? String(value.value ?? '∅'),
        })),
      })),
      groupByColumns: plan.groupBy.length > 0 ? plan.groupBy.map((reference) => ({ reference })) : undefined,
      sortBy: [...plan.indexSorts, ...plan.groupBySorts, ...plan.valueSorts.map(({ alias: _alias, ...sort }) => sort)],
      originalColumns: resultColumns(fields),
    },
  };
}
