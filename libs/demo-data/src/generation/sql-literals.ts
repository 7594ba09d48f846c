/**
 * Rendering of static TypeScript data (vocabulary, weights) into SQL text. Only constants defined
 * in this library pass through here, never user input; quoting is still done properly so a name
 * like "O'Brien" cannot break a statement.
 */

export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function sqlValue(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  return sqlString(value);
}

export function sqlList(values: readonly (string | number)[]): string {
  return `[${values.map(sqlValue).join(', ')}]`;
}

/** A choice among options with relative weights. */
export type Weighted<T extends string | number> = readonly [value: T, weight: number];

/**
 * The start of each option's slice of [0, 1), in order: option i is chosen when a uniform draw
 * falls in [startShares[i], startShares[i + 1]). Computed once in TypeScript so SQL never sums
 * floating-point weights (whose order of addition could otherwise vary with parallelism).
 */
export function startShares(weights: readonly number[]): number[] {
  if (weights.length === 0 || weights.some((weight) => !(weight > 0))) {
    throw new RangeError('weights must be a non-empty list of positive numbers');
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let before = 0;
  return weights.map((weight) => {
    const share = before / total;
    before += weight;
    return share;
  });
}

/**
 * `CASE WHEN u < t1 THEN v1 WHEN u < t2 THEN v2 … ELSE vn END`, where `uniformColumn` names a
 * column holding a uniform draw in [0, 1). Pass a column, not an expression: the CASE repeats it.
 */
export function weightedChoiceSql<T extends string | number>(uniformColumn: string, options: readonly Weighted<T>[]): string {
  const shares = startShares(options.map(([, weight]) => weight));
  const branches = options.slice(0, -1).map(([value], index) => `WHEN ${uniformColumn} < ${shares[index + 1]} THEN ${sqlValue(value)}`);
  const last = options[options.length - 1];
  return branches.length === 0 ? sqlValue(last[0]) : `CASE ${branches.join(' ')} ELSE ${sqlValue(last[0])} END`;
}
