import type { PivotAggregation, PivotConfiguration, PivotIndexColumn, PivotSortBy } from '@quarry/domain';
import { PIVOT_AGGREGATIONS } from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';

export interface PivotValue {
  reference: string;
  aggregation: PivotAggregation;
  /** The aggregated column's name in the pivot SQL's rows. */
  alias: string;
}

/** A pivot configuration checked against the columns of the query it pivots. */
export interface PivotPlan {
  index: PivotIndexColumn[];
  groupBy: string[];
  values: PivotValue[];
  /** Sorts on index or group-by columns, and on values (ranked by their first pivot column). */
  indexSorts: PivotSortBy[];
  groupBySorts: PivotSortBy[];
  valueSorts: Array<PivotSortBy & { alias: string }>;
}

/**
 * Validates a pivot configuration against the query's result columns: every reference must be one
 * of them, a column plays one role only, aggregations are known. Errors are 400s naming the field.
 */
export function pivotPlan(config: PivotConfiguration, columns: ReadonlySet<string>): PivotPlan {
  const known = (reference: unknown, where: string): string => {
    if (typeof reference !== 'string' || !columns.has(reference)) {
      throw badQueryError(`pivotConfiguration.${where} references "${String(reference)}", which is not a column of this query`, {
        field: `pivotConfiguration.${where}`,
        reference,
      });
    }
    return reference;
  };
  const index = (config.indexColumn === undefined ? [] : Array.isArray(config.indexColumn) ? config.indexColumn : [config.indexColumn]).map(
    (column, i) => ({
      reference: known(column?.reference, `indexColumn[${i}].reference`),
      type: column.type === 'time' ? ('time' as const) : ('category' as const),
    }),
  );
  const groupBy = (config.groupByColumns ?? []).map((column, i) => known(column?.reference, `groupByColumns[${i}].reference`));
  if (!Array.isArray(config.valuesColumns) || config.valuesColumns.length === 0) {
    throw badQueryError('pivotConfiguration.valuesColumns needs at least one column', { field: 'pivotConfiguration.valuesColumns' });
  }
  const values = config.valuesColumns.map((column, i) => {
    const reference = known(column?.reference, `valuesColumns[${i}].reference`);
    if (!(PIVOT_AGGREGATIONS as readonly string[]).includes(column.aggregation)) {
      throw badQueryError(`pivotConfiguration.valuesColumns[${i}].aggregation must be one of ${PIVOT_AGGREGATIONS.join(', ')}`, {
        field: `pivotConfiguration.valuesColumns[${i}].aggregation`,
        aggregation: column.aggregation,
      });
    }
    return { reference, aggregation: column.aggregation, alias: `${reference}_${column.aggregation}` };
  });
  const roles = new Map<string, string>();
  const claim = (reference: string, role: string): void => {
    const previous = roles.get(reference);
    if (previous !== undefined && previous !== role) {
      throw badQueryError(`pivotConfiguration uses "${reference}" both as ${previous} and as ${role}`, {
        field: 'pivotConfiguration',
        reference,
      });
    }
    roles.set(reference, role);
  };
  index.forEach((column) => claim(column.reference, 'an index column'));
  groupBy.forEach((reference) => claim(reference, 'a group-by column'));
  values.forEach((value) => claim(value.reference, 'a value column'));
  const aliases = new Set<string>();
  for (const value of values) {
    if (aliases.has(value.alias))
      throw badQueryError(`pivotConfiguration.valuesColumns repeats "${value.reference}" with ${value.aggregation}`, {
        field: 'pivotConfiguration.valuesColumns',
        reference: value.reference,
      });
    aliases.add(value.alias);
  }

  const indexSorts: PivotSortBy[] = [];
  const groupBySorts: PivotSortBy[] = [];
  const valueSorts: Array<PivotSortBy & { alias: string }> = [];
  (config.sortBy ?? []).forEach((sort, i) => {
    const reference = known(sort?.reference, `sortBy[${i}].reference`);
    if (sort.direction !== 'ASC' && sort.direction !== 'DESC') {
      throw badQueryError(`pivotConfiguration.sortBy[${i}].direction must be ASC or DESC`, {
        field: `pivotConfiguration.sortBy[${i}].direction`,
      });
    }
    const role = roles.get(reference);
    const value = values.find((candidate) => candidate.reference === reference);
    if (role === 'an index column') indexSorts.push(sort);
    else if (role === 'a group-by column') groupBySorts.push(sort);
    else if (value) valueSorts.push({ ...sort, alias: value.alias });
    else
      throw badQueryError(`pivotConfiguration.sortBy[${i}] sorts by "${reference}", which the pivot does not use`, {
        field: `pivotConfiguration.sortBy[${i}].reference`,
        reference,
      });
  });
  return { index, groupBy, values, indexSorts, groupBySorts, valueSorts };
}
