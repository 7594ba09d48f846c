import type { CellSqlSyntax, NumberSyntax } from './cell-sql-syntax';
import type { CellValueType } from './cell-value-type';
import type { NumberTextPlan } from './number-text-plan';

/**
 * Doubles from 1e15 take the JS path: integers there stop being exact doubles (the adapter keeps
 * wider ones exact, as text), and the digits no longer fit an 18-digit DECIMAL.
 */
const UPPER_BOUND = 1e15;
/**
 * Below 1e-4 engines print doubles in exponent notation, which DuckDB does not round exactly when
 * it reads it as a DECIMAL. With up to 3 decimals such a value rounds to zero whatever its digits;
 * with more it takes the JS path.
 */
const PLAIN_LOWER_BOUND = 1e-4;
const MAX_DECIMALS_ROUNDING_TINY_TO_ZERO = 3;
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
  /** The value is written as it is (no ×100, no compact unit). */
  unscaled: boolean;
}

/** Integer digits `123456` (fewer than 16: every cell's number is below 1e15) grouped by threes with `separator` (`123,456`). */
export function groupedDigits(numbers: NumberSyntax, digits: string, separator: string): string {
  return separator === '' ? digits : numbers.groupedBigint(numbers.bigint(digits), separator);
}

/**
 * The digits of an integer column's value (below 1e15 in magnitude) without its sign, grouped:
 * the magnitude of its BIGINT, not abs() in the column's own type (abs of -2147483648 as INTEGER
 * overflows on both engines), and no trip through text.
 */
function groupedMagnitude(numbers: NumberSyntax, value: string, separator: string): string {
  const magnitude = `abs(${numbers.bigint(value)})`;
  return separator === '' ? numbers.integerText(magnitude) : numbers.groupedBigint(magnitude, separator);
}

/** Grouped integer digits, then the decimal mark and the decimals when there are any. */
function assembled(numbers: NumberSyntax, text: string, plan: NumberTextPlan): string {
  const integer = groupedDigits(numbers, numbers.splitAtPoint(text, 1), plan.group);
  const fraction = numbers.splitAtPoint(text, 2);
  return `(${integer} || CASE WHEN ${fraction} = '' THEN '' ELSE '${plan.decimalMark}' || ${fraction} END)`;
}

const HIGHEST_EXPONENT = Math.log10(UPPER_BOUND) - 1;
const LOWEST_EXPONENT = Math.log10(PLAIN_LOWER_BOUND);

/**
 * `significant` digits of a double in [1e-4, 1e15), as ICU writes them: its shortest digits rounded
 * once, half away from zero, at the place its exponent gives, trailing decimal zeros dropped. The
 * exponent comes from comparing with powers of ten (a double is ≥ the double nearest 10ⁿ exactly
 * when its shortest digits are ≥ 10ⁿ); each exponent then rounds at a fixed place: to decimals by
 * the DECIMAL cast, to tens or more by the leading digits of the integer part.
 */
function significantSql(numbers: NumberSyntax, magnitude: string, significant: number, plan: NumberTextPlan): string {
  const branches: string[] = [];
  for (let exponent = HIGHEST_EXPONENT; exponent >= LOWEST_EXPONENT; exponent -= 1) {
    const decimals = significant - 1 - exponent;
    let text: string;
    if (decimals > 0) text = numbers.trimFraction(numbers.roundedText(magnitude, decimals));
    else if (decimals === 0) text = numbers.roundedText(magnitude, 0);
    else {
      const integer = numbers.splitAtPoint(numbers.shortestText(magnitude), 1);
      const head = `CAST(left(${integer}, ${significant}) AS BIGINT)`;
      const up = `CASE WHEN substr(${integer}, ${significant + 1}, 1) >= '5' THEN 1 ELSE 0 END`;
      text = numbers.integerText(`((${head} + ${up}) * CAST(${10 ** -decimals} AS BIGINT))`);
    }
    branches.push(`WHEN ${magnitude} >= ${numbers.double(10 ** exponent)} THEN ${assembled(numbers, text, plan)}`);
  }
  return `CASE ${branches.join(' ')} END`;
}

function digitsSql(numbers: NumberSyntax, scaled: string, plan: NumberTextPlan): string {
  if ('significant' in plan.digits) return significantSql(numbers, `abs(${scaled})`, plan.digits.significant, plan);
  const decimals = 'fixed' in plan.digits ? plan.digits.fixed : plan.digits.upTo;
  const rounded = numbers.roundedText(`abs(${scaled})`, decimals);
  const text = 'upTo' in plan.digits ? numbers.trimFraction(rounded) : rounded;
  if (decimals === 0) return groupedDigits(numbers, text, plan.group);
  const integer = groupedDigits(numbers, numbers.splitAtPoint(text, 1), plan.group);
  const fraction = numbers.splitAtPoint(text, 2);
  const mark = `'${plan.decimalMark}'`;
  return 'fixed' in plan.digits
    ? `(${integer} || ${mark} || ${fraction})`
    : `(${integer} || CASE WHEN ${fraction} = '' THEN '' ELSE ${mark} || ${fraction} END)`;
}

/**
 * An integer column written as it is: its digits are the integer's own (inside ±1e15 a double
 * holds it exactly, so JavaScript reads the same number), without the double-to-decimal trip.
 */
function integerPieceSql(input: NumberCellInput, piece: NumberPiece): string {
  const { syntax, numbers, value } = input;
  const decimals = 'fixed' in piece.plan.digits ? piece.plan.digits.fixed : 0;
  const text = syntax.concat([
    syntax.text(piece.before),
    `CASE WHEN ${value} < 0 THEN '-' ELSE '' END`,
    syntax.text(piece.plan.prefix),
    groupedMagnitude(numbers, value, piece.plan.group),
    syntax.text((decimals > 0 ? piece.plan.decimalMark + '0'.repeat(decimals) : '') + piece.plan.suffix + piece.after),
  ]);
  const bound = String(UPPER_BOUND);
  return `CASE WHEN ${value} > -${bound} AND ${value} < ${bound} THEN ${text} ELSE ${input.fail(value)} END`;
}

/** The decimals a rule may write: significant digits may write any number of them. */
function decimalsOf(plan: NumberTextPlan): number {
  if ('significant' in plan.digits) return Number.POSITIVE_INFINITY;
  return 'fixed' in plan.digits ? plan.digits.fixed : plan.digits.upTo;
}

/** One number written by a piece, or the JS path when its digits cannot be computed exactly. */
export function pieceSql(input: NumberCellInput, double: string, piece: NumberPiece): string {
  if (input.type === 'integer' && piece.unscaled && !('significant' in piece.plan.digits)) return integerPieceSql(input, piece);
  const { syntax, numbers } = input;
  const scaled = piece.scaled(double);
  const decimals = decimalsOf(piece.plan);
  // the minus sign is the value's: a negative value that rounds to zero still shows it (`-0.00`), a negative zero does not (the adapter
  // reads it as 0)
  const text = syntax.concat([
    syntax.text(piece.before),
    `CASE WHEN ${double} < 0 THEN '-' ELSE '' END`,
    syntax.text(piece.plan.prefix),
    digitsSql(numbers, scaled, piece.plan),
    syntax.text(piece.plan.suffix + piece.after),
  ]);
  const tiny = `abs(${scaled}) < ${numbers.double(PLAIN_LOWER_BOUND)}`;
  const zero = syntax.concat([
    syntax.text(piece.before),
    `CASE WHEN ${double} < 0 THEN '-' ELSE '' END`,
    syntax.text(
      `${piece.plan.prefix}0` +
        `${'fixed' in piece.plan.digits && decimals > 0 ? piece.plan.decimalMark + '0'.repeat(decimals) : ''}` +
        `${piece.plan.suffix}${piece.after}`,
    ),
  ]);
  return [
    `CASE WHEN NOT (abs(${scaled}) < ${numbers.double(UPPER_BOUND)}) THEN ${input.fail(input.value)}`,
    `WHEN ${tiny} THEN ${
      decimals <= MAX_DECIMALS_ROUNDING_TINY_TO_ZERO ? zero : `CASE WHEN ${scaled} = 0 THEN ${zero} ELSE ${input.fail(input.value)} END`
    }`,
    `ELSE ${text} END`,
  ].join(' ');
}

/**
 * A number column's cell: `∅` for NULL, NaN and infinities as the adapter's text (`NaN`,
 * `Infinity`), else `write(double)` — the double being what the JS path formats.
 */
export function numberCellSql(input: NumberCellInput, write: (double: string) => string): string {
  const { syntax, numbers, value, type, fail } = input;
  const double = numbers.toDouble(value, type);
  const fits = numbers.fitsDouble?.(value, type);
  if (type === 'integer') return `CASE WHEN ${value} IS NULL THEN ${syntax.text('∅')} ELSE ${write(double)} END`;
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
