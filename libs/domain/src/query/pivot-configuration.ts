/** How a v2 query's rows are pivoted, in SQL, before they are returned (semantics.md §7). */
export const PIVOT_AGGREGATIONS = ['sum', 'count', 'avg', 'min', 'max', 'any'] as const;
export type PivotAggregation = (typeof PIVOT_AGGREGATIONS)[number];

export const PIVOT_INDEX_TYPES = ['time', 'category'] as const;
export type PivotIndexType = (typeof PIVOT_INDEX_TYPES)[number];

export interface PivotIndexColumn {
  reference: string;
  type: PivotIndexType;
}

export interface PivotValuesColumnRequest {
  reference: string;
  aggregation: PivotAggregation;
}

export interface PivotSortBy {
  reference: string;
  direction: 'ASC' | 'DESC';
  nullsFirst?: boolean;
}

export interface PivotConfiguration {
  /** One column, several, or none (then every row is one index value). */
  indexColumn?: PivotIndexColumn | PivotIndexColumn[];
  valuesColumns: PivotValuesColumnRequest[];
  /** The columns whose values become result columns; none: the rows are only aggregated. */
  groupByColumns?: Array<{ reference: string }>;
  sortBy?: PivotSortBy[];
  metricsAsRows?: boolean;
}

/** One result column of a pivoted result: a value column at one combination of group-by values. */
export interface PivotValuesColumn {
  referenceField: string;
  pivotColumnName: string;
  aggregation: PivotAggregation;
  pivotValues: Array<{ referenceField: string; value: unknown; formatted: string }>;
  columnIndex: number;
}

export interface PivotDetails {
  /** Value columns the full pivot has (before the column limit). */
  totalColumnCount: number;
  indexColumn: PivotIndexColumn[] | undefined;
  valuesColumns: PivotValuesColumn[];
  groupByColumns: Array<{ reference: string }> | undefined;
  sortBy: PivotSortBy[] | undefined;
  originalColumns: Record<string, { reference: string; type: string }>;
}
