import { toNumber, toNumeric } from '../number/numeric-value';

const NUMBER_TEXT = /^-?\d+(?:\.(\d+))?(?:e([-+]\d+))?$/;

/** Digits after the decimal point in a number's shortest text (`1.25` → 2, `1e-7` → 7). */
function decimalsOf(value: number): number {
  const match = NUMBER_TEXT.exec(String(value));
  if (match === null) return 0; // NaN, ±Infinity
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

// toFixed accepts at most 100 digits
const MAX_DECIMALS = 100;

/**
 * Sums cells for a total. Values are decimals the warehouse computed exactly; binary floating
 * point would turn 0.1 + 0.2 into 0.30000000000000004, which raw exports would show, so the sum
 * is rounded to the most decimals an addend had. Cells holding no number (null, text) are
 * skipped; with no number at all there is no total.
 */
export function sumCells(values: Iterable<unknown>): number | undefined {
  let total = 0;
  let decimals = 0;
  let counted = 0;
  for (const value of values) {
    const numeric = toNumeric(value);
    if (numeric === undefined) continue;
    const number = toNumber(numeric);
    total += number;
    decimals = Math.max(decimals, decimalsOf(number));
    counted += 1;
  }
  if (counted === 0) return undefined;
  return decimals > 0 && decimals <= MAX_DECIMALS && Number.isFinite(total) ? Number(total.toFixed(decimals)) : total;
}
