import { dialectFor, type SqlDialect } from '@quarry/dialects';
import type { CustomFormat, WarehouseType } from '@quarry/domain';

import { getCustomFormat } from '../custom-format/get-custom-format';
import { datePattern, timestampPattern } from '../dates/date-formatters';
import { isFormatExpression, isValidExpression } from '../expression/format-expression';
import type { FormattableItem } from '../item/formattable-item';
import { valueKindOf } from '../item/value-kind';
import { type CompactScale, compactScale, IEC_BYTE_UNITS, isByteUnit, SI_BYTE_UNITS } from '../number/compact-units';
import type { CellSqlSyntax } from './cell-sql-syntax';
import { type CellValueType, isNumericType, isTemporalType } from './cell-value-type';
import { dateCellSql } from './date-cell-sql';
import { DUCKDB_CELL_SYNTAX } from './duckdb-cell-syntax';
import { expressionCellSql } from './expression-cell-sql';
import { type NumberCellInput, numberCellSql, type NumberPiece, pieceSql } from './number-cell-sql';
import { numberTextPlan } from './number-text-plan';
import { otherCellSyntax } from './other-cell-syntaxes';
import { POSTGRES_CELL_SYNTAX } from './postgres-cell-syntax';

/** Which cell text an export writes: the formatted text the UI shows, or CSV raw mode's text. */
export type CellSqlMode = 'formatted' | 'raw';

function syntaxOf(dialect: SqlDialect): CellSqlSyntax {
  switch (dialect.type) {
    case 'duckdb':
      return DUCKDB_CELL_SYNTAX;
    case 'postgres':
      return POSTGRES_CELL_SYNTAX;
    case 'bigquery':
    case 'clickhouse':
    case 'databricks':
    case 'redshift':
    case 'snowflake':
    case 'trino':
      return otherCellSyntax(dialect);
  }
}

type Compiled = string | undefined;

interface Cell {
  syntax: CellSqlSyntax;
  value: string;
  type: CellValueType;
}

const nullAs = (cell: Cell, otherwise: string): string =>
  `CASE WHEN ${cell.value} IS NULL THEN ${cell.syntax.text('∅')} ELSE ${otherwise} END`;

/** Text as it is; empty text is an empty cell (NULL), the null value `∅`. */
function textCell(cell: Cell): Compiled {
  return cell.type === 'text' ? nullAs(cell, `NULLIF(${cell.value}, '')`) : undefined;
}

function booleanCell(cell: Cell): Compiled {
  return cell.type === 'boolean' ? nullAs(cell, `CASE WHEN ${cell.value} THEN 'True' ELSE 'False' END`) : undefined;
}

function patternCell(cell: Cell, pattern: string): Compiled {
  return isTemporalType(cell.type) ? dateCellSql(cell.syntax, cell.value, pattern) : undefined;
}

/** Integers as JavaScript prints them (the adapter's number, or the exact digits of a wider one): their plain digits. */
function integerTextCell(cell: Cell): Compiled {
  const numbers = cell.syntax.numbers;
  return cell.type === 'integer' && numbers !== undefined ? nullAs(cell, numbers.integerText(cell.value)) : undefined;
}

function numberInput(cell: Cell): NumberCellInput | undefined {
  const { numbers, fail } = cell.syntax;
  return numbers !== undefined && fail !== undefined && isNumericType(cell.type)
    ? { syntax: cell.syntax, numbers, fail, value: cell.value, type: cell.type }
    : undefined;
}

function scaledBy(input: NumberCellInput, scale: CompactScale | undefined): (double: string) => string {
  return scale === undefined ? (double) => double : (double) => `(${double} / ${input.numbers.double(scale.divisor)})`;
}

/** Plain numbers, currencies and percentages: one piece each. */
function singlePiece(cell: Cell, piece: (input: NumberCellInput) => NumberPiece | undefined): Compiled {
  const input = numberInput(cell);
  const built = input === undefined ? undefined : piece(input);
  return input === undefined || built === undefined ? undefined : numberCellSql(input, (double) => pieceSql(input, double, built));
}

function numberPiece(input: NumberCellInput, format: CustomFormat): NumberPiece | undefined {
  const plan = numberTextPlan(format);
  const scale = compactScale(format.compact);
  return (
    plan && {
      plan,
      scaled: scaledBy(input, scale),
      before: format.prefix ?? '',
      after: (scale?.suffix ?? '') + (format.suffix ?? ''),
      unscaled: scale === undefined,
    }
  );
}

function currencyPiece(input: NumberCellInput, format: CustomFormat): NumberPiece | undefined {
  const plan = numberTextPlan({ round: format.round, separator: format.separator, currency: format.currency || 'USD' });
  const scale = compactScale(format.compact);
  return plan && { plan, scaled: scaledBy(input, scale), before: '', after: scale?.suffix ?? '', unscaled: scale === undefined };
}

function percentPiece(input: NumberCellInput, format: CustomFormat): NumberPiece | undefined {
  const plan = numberTextPlan(format);
  return plan && { plan, scaled: (double) => `(${double} * ${input.numbers.double(100)})`, before: '', after: '%', unscaled: false };
}

/** Byte sizes: a configured byte unit as is, else the largest unit the value reaches (`B` below the smallest). */
function bytesCell(cell: Cell, format: CustomFormat, units: readonly (typeof SI_BYTE_UNITS)[number][]): Compiled {
  const input = numberInput(cell);
  const plan = numberTextPlan(format);
  if (input === undefined || plan === undefined) return undefined;
  const configured = compactScale(format.compact);
  if (configured !== undefined && isByteUnit(configured.unit)) {
    return numberCellSql(input, (double) =>
      pieceSql(input, double, { plan, scaled: scaledBy(input, configured), before: '', after: configured.suffix, unscaled: false }),
    );
  }
  // significant digits take a CASE over the exponent; one per unit would make the SQL too large to plan quickly
  if ('significant' in plan.digits) return undefined;
  const scales = units.map((unit) => compactScale(unit) as CompactScale);
  return numberCellSql(input, (double) => {
    const branches = scales.map(
      (scale) =>
        `WHEN abs(${double}) >= ${input.numbers.double(scale.divisor)} ` +
        `THEN ${pieceSql(input, double, { plan, scaled: scaledBy(input, scale), before: '', after: scale.suffix, unscaled: false })}`,
    );
    return (
      `CASE ${branches.join(' ')} ` +
      `ELSE ${pieceSql(input, double, { plan, scaled: (value) => value, before: '', after: ' B', unscaled: true })} END`
    );
  });
}

/** A spreadsheet expression on a number (createExpressionFormatter): the subset expressionCellSql compiles. */
function expressionCell(cell: Cell, expression: string): Compiled {
  const input = numberInput(cell);
  return input === undefined ? undefined : expressionCellSql(input, expression);
}

/** createCustomFormatter's cases, for values the item's kind implies. */
function customFormatCell(cell: Cell, format: CustomFormat): Compiled {
  switch (format.type) {
    case 'percent':
      return singlePiece(cell, (input) => percentPiece(input, format));
    case 'currency':
      return singlePiece(cell, (input) => currencyPiece(input, format));
    case 'id':
      return integerTextCell(cell);
    case 'bytes_si':
      return bytesCell(cell, format, SI_BYTE_UNITS);
    case 'bytes_iec':
      return bytesCell(cell, format, IEC_BYTE_UNITS);
    case 'date':
      return patternCell(cell, datePattern(format.timeInterval));
    case 'timestamp':
      return patternCell(cell, timestampPattern(format.timeInterval));
    case 'custom':
      return isValidExpression(format.custom) ? expressionCell(cell, format.custom) : undefined;
    case 'number':
    case 'default':
    default:
      return singlePiece(cell, (input) => numberPiece(input, format));
  }
}

function numberKindCell(cell: Cell, item: FormattableItem): Compiled {
  if (item.timeInterval === 'YEAR_NUM') return integerTextCell(cell);
  // MIN/MAX of a date column return dates, which show as timestamps
  if ((item.type === 'min' || item.type === 'max') && isTemporalType(cell.type)) return patternCell(cell, timestampPattern());
  return customFormatCell(cell, getCustomFormat(item));
}

/** A column without an item is formatted by its value's own type. */
function untypedCell(cell: Cell): Compiled {
  switch (cell.type) {
    case 'text':
      return textCell(cell);
    case 'boolean':
      return booleanCell(cell);
    case 'integer':
    case 'float':
      return singlePiece(cell, (input) => numberPiece(input, { type: 'default' }));
    case 'decimal':
    case 'date':
    case 'timestamp':
      // decimals the adapter keeps as text show unformatted, dates as ISO text: the JS path writes them
      return undefined;
  }
}

function itemCell(cell: Cell, item: FormattableItem): Compiled {
  if (isFormatExpression(item.format)) return expressionCell(cell, item.format);
  switch (valueKindOf(item)) {
    case 'string':
      return textCell(cell);
    case 'boolean':
      return booleanCell(cell);
    case 'date':
      return patternCell(cell, datePattern(item.timeInterval));
    case 'timestamp':
      return patternCell(cell, timestampPattern(item.timeInterval));
    case 'number':
      return numberKindCell(cell, item);
  }
}

/**
 * SQL text of the CSV cell a plain export writes for one column, given the SQL of its value — the
 * same bytes `createExportCellFormatter(itemsMap, columns, false)` writes for the value the
 * warehouse adapter would have returned. undefined when this item's format cannot be compiled
 * exactly on this dialect: the caller then keeps the JS path for the whole export.
 *
 * - `item` is the column's item from the export's items map (undefined for a column without one).
 * - `valueType` is the value's SQL type as the engine reports it (see CellValueType): the JS path
 *   formats what the adapter made of it (a DATE in a MAX metric shows as a timestamp; a decimal
 *   becomes a double…). Timestamps must hold UTC wall time: convert zoned ones first.
 * - The expression yields text, or NULL exactly where the JS path writes an empty cell (empty
 *   text): write it with the engine's CSV writer with NULL as the empty, unquoted field, and
 *   quoting only where needed. NULL values are `∅`, as the JS path writes them.
 * - A value whose text only the JS path writes exactly (a double past 1e15, a year past 9999…)
 *   makes the cell fail with NATIVE_CSV_FALLBACK in the message: the export is then written by the
 *   JS path.
 * - Compiled on DuckDB and PostgreSQL: number formats (default, number, currency, percent, compact
 *   units, bytes, id, and the legacy `format`/`round`/`compact`/`separator` fields) with fixed,
 *   default or significant digits (not with automatic byte units), the common subset of
 *   spreadsheet expressions (expressionCellSql), dates and timestamps by time interval, booleans,
 *   text. On BigQuery, Snowflake and Trino: text, booleans, dates; on Redshift, Databricks and
 *   ClickHouse: text and booleans. Not compiled (undefined): other spreadsheet expressions, raw
 *   mode (rawCellSql of @quarry/warehouses writes raw cells).
 */
export function formattedCellSql(
  item: FormattableItem | undefined,
  valueSql: string,
  dialect: SqlDialect | WarehouseType,
  mode: CellSqlMode,
  valueType: CellValueType,
): string | undefined {
  if (mode === 'raw') return undefined;
  const syntax = syntaxOf(typeof dialect === 'string' ? dialectFor(dialect) : dialect);
  const cell: Cell = { syntax, value: valueSql, type: valueType };
  return item === undefined ? untypedCell(cell) : itemCell(cell, item);
}
