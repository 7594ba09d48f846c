import type { SqlDialect } from '@quarry/dialects';
import type { BinCustomDimension, Dimension } from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';

/** A bin dimension as SELECT items, plus the CTE (fixed_number) it reads its bounds from. */
export interface BinSql {
  /** Label expression, selected `AS "<id>"`. */
  label: string;
  /** Position of the bin, selected `AS "<id>_order"` when the bin is sorted on. */
  order: string;
  /** `<id>_cte AS (…)`, CROSS JOINed into the base query. */
  cte?: { name: string; sql: string };
}

/**
 * Bin custom dimensions (semantics.md §5): fixed_width, fixed_number and custom_range, over the
 * compiled sql `d` of a number dimension. Bin sizes are validated numbers, written as numbers.
 */
export function binSql(bin: BinCustomDimension, base: Dimension, d: string, fromSql: string, dialect: SqlDialect): BinSql {
  if (base.type !== 'number')
    throw badQueryError(`Custom dimension "${bin.id}" bins "${bin.dimensionId}", which is not a number`, {
      customDimensionId: bin.id,
      dimensionId: bin.dimensionId,
    });
  switch (bin.binType) {
    case 'fixed_width':
      return fixedWidth(bin, d, dialect);
    case 'fixed_number':
      return fixedNumber(bin, base, d, fromSql, dialect);
    case 'custom_range':
      return customRange(bin, d, dialect);
    default:
      throw badQueryError(`Custom dimension "${bin.id}" has an unknown bin type ${JSON.stringify(bin.binType)}`, {
        customDimensionId: bin.id,
      });
  }
}

function positive(value: unknown, what: string, bin: BinCustomDimension, integer: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw badQueryError(`Custom dimension "${bin.id}" needs a positive ${integer ? 'whole ' : ''}${what}`, {
      customDimensionId: bin.id,
      [what]: value,
    });
  }
  return value;
}

function fixedWidth(bin: BinCustomDimension, d: string, dialect: SqlDialect): BinSql {
  const w = positive(bin.binWidth, 'binWidth', bin, false);
  const start = `FLOOR(${d} / ${w}) * ${w}`;
  return {
    label: dialect.concatSql([start, "' - '", `(FLOOR(${d} / ${w}) + 1) * ${w} - 1`]),
    order: start,
  };
}

function fixedNumber(bin: BinCustomDimension, base: Dimension, d: string, fromSql: string, dialect: SqlDialect): BinSql {
  const n = positive(bin.binNumber, 'binNumber', bin, true);
  const cte = `${bin.id}_cte`;
  const q = (name: string): string => `${dialect.quoteColumn(cte)}.${dialect.quoteColumn(name)}`;
  const min = q(`min_${bin.id}`);
  const max = q(`max_${bin.id}`);
  const width = q(`bin_width_${bin.id}`);
  const from = (i: number): string => `${min} + ${width} * ${i}`;
  const whens: string[] = [];
  const orders: string[] = [];
  for (let i = 0; i < n - 1; i++) {
    const condition = `${d} >= ${from(i)} AND ${d} < ${from(i + 1)}`;
    whens.push(`WHEN ${condition} THEN ${dialect.concatSql([from(i), "' - '", `${from(i + 1)}`])}`);
    orders.push(`WHEN ${condition} THEN ${i}`);
  }
  const cteSql =
    `SELECT FLOOR(MIN(${d})) AS ${dialect.quoteColumn(`min_${bin.id}`)}, ` +
    `CEIL(MAX(${d})) AS ${dialect.quoteColumn(`max_${bin.id}`)}, ` +
    `FLOOR((MAX(${d}) - MIN(${d})) / ${n}) AS ${dialect.quoteColumn(`bin_width_${bin.id}`)} ` +
    `FROM ${fromSql} AS ${dialect.quoteTableAlias(base.table)}`;
  return {
    label: `CASE WHEN ${d} IS NULL THEN NULL ${whens.join(' ')} ELSE ${dialect.concatSql([from(n - 1), "' - '", max])} END`,
    order: `CASE WHEN ${d} IS NULL THEN ${n} ${orders.join(' ')} ELSE ${n - 1} END`,
    cte: { name: cte, sql: cteSql },
  };
}

function customRange(bin: BinCustomDimension, d: string, dialect: SqlDialect): BinSql {
  const ranges = bin.customRange ?? [];
  if (!Array.isArray(ranges) || ranges.length === 0)
    throw badQueryError(`Custom dimension "${bin.id}" needs customRange`, { customDimensionId: bin.id });
  const num = (value: unknown): number => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw badQueryError(`Custom dimension "${bin.id}" has a range bound that is not a number`, { customDimensionId: bin.id, value });
    return value;
  };
  const whens: string[] = [];
  const orders: string[] = [];
  ranges.forEach((range, index) => {
    let condition: string;
    let label: string;
    if (range.from === undefined && range.to !== undefined) {
      condition = `${d} < ${num(range.to)}`;
      label = dialect.concatSql([`'<'`, `${num(range.to)}`]);
    } else if (range.to === undefined && range.from !== undefined) {
      condition = `${d} >= ${num(range.from)}`;
      label = dialect.concatSql([`'≥'`, `${num(range.from)}`]);
    } else {
      condition = `${d} >= ${num(range.from)} AND ${d} < ${num(range.to)}`;
      label = dialect.concatSql([`${num(range.from)}`, "'-'", `${num(range.to)}`]);
    }
    whens.push(`WHEN ${condition} THEN ${label}`);
    orders.push(`WHEN ${condition} THEN ${index}`);
  });
  return {
    label: `CASE WHEN ${d} IS NULL THEN NULL ${whens.join(' ')} END`,
    order: `CASE WHEN ${d} IS NULL THEN ${ranges.length} ${orders.join(' ')} END`,
  };
}
