/** A value numeric formats accept: bigints keep integers beyond 2^53 exact. */
export type Numeric = number | bigint;

const NUMERIC_TEXT = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[-+]?\d+\s*$/;

/**
 * The number in a cell, or undefined when it holds none. Warehouse drivers return NUMERIC and
 * BIGINT columns as strings, so numeric text counts as a number.
 */
export function toNumeric(value: unknown): Numeric | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value !== 'string' || !NUMERIC_TEXT.test(value)) return undefined;
  const number = Number(value);
  if (Number.isSafeInteger(number) || !INTEGER_TEXT.test(value)) return number;
  // An integer too large for a double: BigInt keeps every digit (BigInt() rejects a leading '+').
  return BigInt(value.trim().replace(/^\+/, ''));
}

export function toNumber(value: Numeric): number {
  return typeof value === 'bigint' ? Number(value) : value;
}
