// Result value formatting (semantics §6). Pure: no NestJS, no TypeORM.
export { applyCustomFormat, createCustomFormatter } from './custom-format/create-custom-formatter';
export { getCustomFormat } from './custom-format/get-custom-format';
export { createDateFormatter, createTimestampFormatter } from './dates/date-formatters';
export { convertCustomFormatToFormatExpression } from './expression/convert-custom-format';
export {
  createExpressionFormatter,
  isFormatExpression,
  isLegacyFormatKeyword,
  isValidExpression,
  LEGACY_FORMAT_KEYWORDS,
} from './expression/format-expression';
export { createItemFormatter, formatBoolean, formatItemValue } from './item/create-item-formatter';
export type { FormattableItem, ItemsMap, ValueFormatter } from './item/formattable-item';
export { type ValueKind, valueKindOf } from './item/value-kind';
export { buildPivotTable } from './pivot-table/build-pivot-table';
export type { ColumnHeaderOptions } from './pivot-table/column-header';
export { createExportCellFormatter, type ExportCellFormatter } from './pivot-table/export-cell-formatter';
export { type ExportColumn, exportColumns, type ExportColumnsOptions } from './pivot-table/export-columns';
export type { ExportItem, ExportItemsMap, RawRow } from './pivot-table/export-item';
export type { ExportPivotConfig, PivotExportOptions, PivotTable, PivotTableInput } from './pivot-table/pivot-table-types';
export { csvRawValue } from './raw/csv-raw-value';
export { createRawConverter, type RawConverter, type RawValue, toRawValue } from './raw/raw-value';
export { createRowFormatter, formatRows, type ResultRow, type ResultValue, type RowFormatter } from './rows/create-row-formatter';
export type { CellValueType } from './sql/cell-value-type';
export { type CellSqlMode, formattedCellSql } from './sql/formatted-cell-sql';
