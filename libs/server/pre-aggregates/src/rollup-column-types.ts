import type { DimensionType } from '@quarry/domain';
import type { RollupFileColumn } from '@quarry/warehouses';

const INTEGER = /^-?\d+$/;
const PLAIN_DECIMAL = /^-?(\d+)\.(\d+)$/;
const INT64_MAX = 9223372036854775807n;
const DECIMAL_PRECISION = 38;

interface Observed {
  /** The warehouse's type of the column (number, date, …), when it said. */
  warehouseType: DimensionType | undefined;
  integers: boolean;
  wide: boolean;
  scale: number;
  wholeDigits: number;
  inexact: boolean;
}

/**
 * The DuckDB type of each rollup column, chosen from the warehouse's column type and the values
 * seen, so that cells read back from the Parquet file equal the warehouse's: integers stay
 * integers (BIGINT, HUGEINT past 64 bits), exact decimals stay exact (DECIMAL(38, the largest
 * scale seen)), and only values with no exact decimal form (exponents, NaN, infinities) are DOUBLE.
 * Also turns each normalised value into the text DuckDB reads for that type.
 */
export class RollupColumnTypes {
  private readonly observed = new Map<string, Observed>();

  constructor(private readonly names: readonly string[]) {
    for (const name of names)
      this.observed.set(name, { warehouseType: undefined, integers: true, wide: false, scale: 0, wholeDigits: 1, inexact: false });
  }

  /** The warehouse's own type of a column (from its result's metadata). */
  declare(name: string, type: DimensionType): void {
    const observed = this.observed.get(name);
    if (observed) observed.warehouseType = type;
  }

  /** Records a value and returns it as written to the JSON lines DuckDB reads. */
  observe(name: string, value: unknown): unknown {
    const observed = this.observed.get(name);
    if (!observed || value === null || value === undefined) return null;
    switch (observed.warehouseType) {
      case 'date':
        return typeof value === 'string' ? value.slice(0, 10) : value;
      case 'timestamp':
        // Normalised timestamps are UTC instants (`…Z`): stored as that wall-clock time.
        return typeof value === 'string' ? value.replace('T', ' ').replace(/Z$/, '') : value;
      case 'number':
        this.observeNumber(observed, value);
        return typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
      case 'boolean':
      case 'string':
      case undefined:
        return value;
    }
  }

  columns(): RollupFileColumn[] {
    return this.names.map((name) => ({ name, type: duckDbType(this.observed.get(name) as Observed) }));
  }

  private observeNumber(observed: Observed, value: unknown): void {
    const text = String(value);
    if (INTEGER.test(text)) {
      if (BigInt(text) > INT64_MAX || BigInt(text) < -INT64_MAX) observed.wide = true;
      observed.wholeDigits = Math.max(observed.wholeDigits, text.replace('-', '').length);
      return;
    }
    const decimal = PLAIN_DECIMAL.exec(text);
    if (decimal) {
      observed.integers = false;
      observed.scale = Math.max(observed.scale, (decimal[2] as string).length);
      observed.wholeDigits = Math.max(observed.wholeDigits, (decimal[1] as string).length);
      return;
    }
    observed.integers = false;
    observed.inexact = true;
  }
}

function duckDbType(observed: Observed): string {
  switch (observed.warehouseType) {
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'boolean':
      return 'BOOLEAN';
    case 'number':
      if (observed.inexact) return 'DOUBLE';
      if (observed.integers) return observed.wide ? 'HUGEINT' : 'BIGINT';
      if (observed.scale + observed.wholeDigits > DECIMAL_PRECISION) return 'DOUBLE';
      return `DECIMAL(${DECIMAL_PRECISION},${observed.scale})`;
    case 'string':
    case undefined:
      return 'VARCHAR';
  }
}
