import type { CellSqlSyntax, NumberSyntax } from './cell-sql-syntax';
import type { CellValueType } from './cell-value-type';
import type { NumberTextPlan } from './number-text-plan';

/**
 * Where the exact decimal of a double's shortest digits is computed. With 22 decimals a double
 * of 1e-6 or more keeps all of its (at most 17) digits, and one below 1e15 fits 38 digits; cells
 * outside that window take the JS path (unless the rounding makes the lost digits irrelevant).
 */
const DECIMAL_SCALE = 22;
const UPPER_BOUND = 1e15;
const LOWER_BOUND = 1e-6;
/** Below LOWER_BOUND the digits past DECIMAL_SCALE cannot change a number rounded to this many decimals. */
const MAX_DECIMALS_FOR_TINY = 5;
const NEAR_UNDERFLOW = 1e-200;

/** A number cell: the value, the double the JS path formats, and the double that is written. */
export interface NumberCellInput {
  syntax: CellSqlSyntax;
  numbers: NumberSyntax;
  fail: (value: string) => string;
  /** SQL of the cell's value, and its type. */
  value: string;
  type: CellValueType;
}

/** How one column writes a double: the transform of the value (×100, ÷1000…) and the text around it. */
export interface NumberPiece {
  /** The double written, from the value's double (`x`): x, x × 100, x ÷ 1e3… */
  scaled: (double: string) => string;
  plan: NumberTextPlan;
  /** Text before the sign (a number format's prefix) and after the number (compact unit, `%`, suffix). */
  before: string;
  after: string;
}

function digitsSql(numbers: NumberSyntax, scaled: string, plan: NumberTextPlan): string {
  const decimal = numbers.shortestDecimal(`abs(${scaled})`, DECIMAL_SCALE);
  const decimals = 'fixed' in plan.digits ? plan.digits.fixed : plan.digits.upTo;
  const rounded = numbers.roundedText(decimal, decimals);
  const text = 'upTo' in plan.digits ? numbers.trimFraction(rounded) : rounded;
  if (decimals === 0) return numbers.groupThousands(text, plan.group);
  const integer = numbers.groupThousands(numbers.splitAtPoint(text, 1), plan.group);
  const fraction = numbers.splitAtPoint(text, 2);
  const mark = `'${plan.decimalMark}'`;
  return 'fixed' in plan.digits ? `(${integer} || ${mark} || ${fraction})` : `(${integer} || CASE WHEN ${fraction} = '' THEN '' ELSE ${mark} || ${fraction} END)`;
}

/** One number written by a piece, or the JS path when its digits cannot be computed exactly. */
export function pieceSql(input: NumberCellInput, double: string, piece: NumberPiece): string {
  const { syntax, numbers } = input;
  const scaled = piece.scaled(double);
  const decimals = 'fixed' in piece.plan.digits ? piece.plan.digits.fixed : piece.plan.digits.upTo;
  const outside = [`NOT (abs(${scaled}) < ${numbers.double(UPPER_BOUND)})`];
  if (decimals > MAX_DECIMALS_FOR_TINY) outside.push(`(${scaled} <> 0 AND abs(${scaled}) < ${numbers.double(LOWER_BOUND)})`);
  // the minus sign is the value's: a negative value that rounds to zero still shows it (`-0.00`), a negative zero does not (the adapter reads it as 0)
  const text = syntax.concat([
    syntax.text(piece.before),
    `CASE WHEN ${double} < 0 THEN '-' ELSE '' END`,
    syntax.text(piece.plan.prefix),
    digitsSql(numbers, scaled, piece.plan),
    syntax.text(piece.plan.suffix + piece.after),
  ]);
  return `CASE WHEN ${outside.join(' OR ')} THEN ${input.fail(input.value)} ELSE ${text} END`;
}

/**
 * A number column's cell: `∅` for NULL, NaN and infinities as the adapter's text (`NaN`,
 * `Infinity`), else `write(double)` — the double being what the JS path formats.
 */
export function numberCellSql(input: NumberCellInput, write: (double: string) => string): string {
  const { syntax, numbers, value, type, fail } = input;
  const double = numbers.toDouble(value, type);
  const fits = numbers.fitsDouble?.(value, type);
  return [
    `CASE WHEN ${value} IS NULL THEN ${syntax.text('∅')}`,
    ...(fits === undefined ? [] : [`WHEN NOT (${fits}) THEN ${fail(value)}`]),
    `WHEN ${numbers.isNaN(double)} THEN 'NaN'`,
    `WHEN ${numbers.isInfinite(double)} THEN CASE WHEN ${double} > 0 THEN 'Infinity' ELSE '-Infinity' END`,
    // scaling a value this small underflows, which PostgreSQL reports as an error
    `WHEN ${double} <> 0 AND abs(${double}) < ${numbers.double(NEAR_UNDERFLOW)} THEN ${fail(value)}`,
    `ELSE ${write(double)} END`,
  ].join(' ');
}
