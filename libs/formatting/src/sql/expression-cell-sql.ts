import { format as numfmtFormat } from 'numfmt';

import type { NumberCellInput } from './number-cell-sql';
import { groupedDigits, numberCellSql } from './number-cell-sql';

/**
 * The spreadsheet expressions compiled to SQL: one section, literal text around one number with a
 * `0` or `#,##0` integer part and 0–10 fixed `0` decimals (`#,##0.00`, `"$"#,##0`, `0.0 "km"`,
 * `[$€]#,##0.00`). Percentages (numfmt clamps scaled values through log10, which engines do not
 * compute bit for bit), `#`/`?` decimals, several sections, conditions, colours, fractions,
 * exponents and dates take the JS path.
 */
interface ExpressionPlan {
  prefix: string;
  suffix: string;
  grouped: boolean;
  decimals: number;
}

const LITERAL = /"([^"]*)"|\[\$([^\]-]*)\]|([$ ])/y;
const NUMBER = /(#,##0|0)(?:\.(0{1,10}))?/y;

function literalsAt(expression: string, start: number): { text: string; end: number } {
  let text = '';
  let at = start;
  for (;;) {
    LITERAL.lastIndex = at;
    const match = LITERAL.exec(expression);
    if (match === null) return { text, end: at };
    text += match[1] ?? match[2] ?? match[3] ?? '';
    at = LITERAL.lastIndex;
  }
}

function parse(expression: string): ExpressionPlan | undefined {
  const before = literalsAt(expression, 0);
  NUMBER.lastIndex = before.end;
  const number = NUMBER.exec(expression);
  if (number === null) return undefined;
  const after = literalsAt(expression, NUMBER.lastIndex);
  if (after.end !== expression.length) return undefined;
  return { prefix: before.text, suffix: after.text, grouped: number[1] === '#,##0', decimals: number[2]?.length ?? 0 };
}

/** numfmt's rounding (round.js): symmetric, Math.round of the value times 10^n, divided back — all in doubles. */
function numfmtRound(magnitude: number, decimals: number): number {
  if (decimals === 0) return Math.round(magnitude);
  const power = 10 ** decimals;
  return Math.round(magnitude * power) / power;
}

/** What the SQL computes, in JavaScript: checked against numfmt on probe values before the SQL is trusted. */
function modelled(plan: ExpressionPlan, value: number): string | undefined {
  const rounded = numfmtRound(Math.abs(value), plan.decimals);
  if (rounded !== 0 && rounded < 1e-4) return undefined;
  const integer = Math.floor(rounded);
  const integerText = plan.grouped ? integer.toLocaleString('en-US') : String(integer);
  const fraction = Number.isInteger(rounded) ? '' : (String(rounded).split('.')[1] ?? '');
  const sign = value < 0 && (integer >= 1 || fraction !== '') ? '-' : '';
  const decimals = plan.decimals === 0 ? '' : `.${fraction.slice(0, plan.decimals).padEnd(plan.decimals, '0')}`;
  return `${sign}${plan.prefix}${integerText}${decimals}${plan.suffix}`;
}

const PROBES = [0, 1, -1, 0.5, -0.5, 2.675, -0.004, 1234567.891, -98765.4321, 0.1 + 0.2, 123456789012.345];
const NUMFMT_OPTIONS = { bigintErrorNumber: true, throws: false } as const;

/** The SQL of a number cell written by a spreadsheet expression; undefined outside the compiled subset. */
export function expressionCellSql(input: NumberCellInput, expression: string): string | undefined {
  const plan = parse(expression);
  if (plan === undefined) return undefined;
  for (const probe of PROBES) if (modelled(plan, probe) !== numfmtFormat(expression, probe, NUMFMT_OPTIONS)) return undefined;

  const { syntax, numbers, value, fail } = input;
  return numberCellSql(input, (double) => {
    const power = numbers.double(10 ** plan.decimals);
    const scaled = plan.decimals === 0 ? `abs(${double})` : `(abs(${double}) * ${power})`;
    // Math.round: the nearest integer, halves up (exact: a double minus its floor loses nothing)
    const mathRound =
      `(floor(${scaled}) + CASE WHEN ${scaled} - floor(${scaled}) >= ${numbers.double(0.5)} THEN ${numbers.double(1)} ` +
      `ELSE ${numbers.double(0)} END)`;
    const rounded = plan.decimals === 0 ? mathRound : `(${mathRound} / ${power})`;
    const integer = numbers.integerText(`CAST(floor(${rounded}) AS BIGINT)`);
    const integerText = plan.grouped ? groupedDigits(numbers, integer, ',') : integer;
    // String(rounded)'s decimals: none for an integer (engines print 2.0 where JavaScript prints 2)
    const fraction = `CASE WHEN ${rounded} = floor(${rounded}) THEN '' ELSE ${numbers.splitAtPoint(numbers.shortestText(rounded), 2)} END`;
    const decimals = plan.decimals === 0 ? syntax.text('') : `('.' || rpad(left(${fraction}, ${plan.decimals}), ${plan.decimals}, '0'))`;
    const sign = `CASE WHEN ${double} < 0 AND (${rounded} >= 1 OR ${fraction} <> '') THEN '-' ELSE '' END`;
    const text = syntax.concat([sign, syntax.text(plan.prefix), integerText, decimals, syntax.text(plan.suffix)]);
    return [
      `CASE WHEN NOT (abs(${double}) < ${numbers.double(1e15)}) THEN ${fail(value)}`,
      // below 1e-4 engines print exponent notation where JavaScript prints decimals
      `WHEN ${rounded} <> 0 AND ${rounded} < ${numbers.double(1e-4)} THEN ${fail(value)}`,
      `ELSE ${text} END`,
    ].join(' ');
  });
}
