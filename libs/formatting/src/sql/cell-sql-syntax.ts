import type { DateToken } from '../dates/compile-utc-pattern';
import type { CellValueType } from './cell-value-type';

/** Parts of a date pattern an engine prints: dayjs's tokens (see compile-utc-pattern), or literal text. */
export type DatePart = { token: Exclude<DateToken, 'Z'> } | { literal: string };

/**
 * The SQL an engine needs to compute formatted cells. Every method returns an expression; the
 * arguments are expressions too. Text and booleans need only `text` and `concat`; dates need
 * `dates` and `fail`; numbers need `numbers` and `fail`, which exist only where the engine is known
 * to reproduce JavaScript's number text exactly (shortest round-trip digits of a double, decimal
 * rounding half away from zero).
 */
export interface CellSqlSyntax {
  /** A text literal. */
  text(value: string): string;
  concat(parts: readonly string[]): string;
  /**
   * An expression that fails with NATIVE_CSV_FALLBACK in its message, so the export takes the JS path; it reads `value` so it is not folded
   * at planning.
   */
  fail?(value: string): string;
  dates?: DateSyntax;
  numbers?: NumberSyntax;
}

export interface DateSyntax {
  /** The year of a date or timestamp, as a number. */
  year(value: string): string;
  /** `value` printed by a date pattern, in UTC (the value is a DATE or a UTC TIMESTAMP). */
  formatDate(value: string, parts: readonly DatePart[]): string;
  /** TRUE when a date or timestamp is finite (not ±infinity); undefined where the engine has no infinite dates. */
  isFinite?(value: string): string;
  /** The first year the engine prints as dayjs does (four digits, zero-padded); later ones up to 9999 too. */
  firstYear: number;
}

export interface NumberSyntax {
  /** The double JavaScript reads for a value of this type (Number() of the adapter's text, or the double itself). */
  toDouble(value: string, type: CellValueType): string;
  /** An integer's plain digits, as JavaScript prints the adapter's number (or the exact digits of a wider one). */
  integerText(value: string): string;
  /** A double's shortest round-trip digits, in plain notation from 1e-4 to 1e15 (`2.0` or `2` for integers). */
  shortestText(double: string): string;
  /** A double literal. */
  double(value: number): string;
  isNaN(double: string): string;
  isInfinite(double: string): string;
  /** TRUE when a value of this type can be read as a double without the cast failing (the rest takes the JS path). */
  fitsDouble?(value: string, type: CellValueType): string;
  /**
   * A non-negative double below 1e15 as ICU writes it with `digits` fixed decimals: its shortest
   * round-trip digits, rounded once, half away from zero (`1.005` → `1.01`), printed with exactly
   * that many decimals (`1.50`, `2`).
   */
  roundedText(double: string, digits: number): string;
  /** A value as a BIGINT (a cast). */
  bigint(value: string): string;
  /**
   * A non-negative BIGINT below 1e15 as its digits grouped by threes with `separator` (not empty):
   * `123,456`. Shared callers build on it (groupedDigits and groupedMagnitude in number-cell-sql).
   */
  groupedBigint(value: string, separator: string): string;
  /** Part `index` (1-based) of text split at `.`: '' when there is none. */
  splitAtPoint(text: string, index: 1 | 2): string;
  /** Text with trailing zeros, then a trailing `.`, removed (`1.500` → `1.5`, `2.000` → `2`). */
  trimFraction(text: string): string;
}
