export { type PivotPlan, pivotPlan, type PivotValue } from './pivot-plan';
export { type PivotedColumn, type PivotedRows, pivotRows } from './pivot-rows';
export { type PivotLimits, pivotResultColumns, pivotSql } from './pivot-sql';
