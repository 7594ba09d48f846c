import type { DimensionType } from '@quarry/domain';

import type { ResultColumn } from '../values/result-columns';
import { dimensionTypeOf, type ValueKind } from '../values/value-kind';

/** `Nullable(T)` and `LowCardinality(T)` only wrap T. */
export function unwrapClickHouseType(type: string): string {
  let current = type.trim();
  for (;;) {
    const wrapped = /^(?:Nullable|LowCardinality)\((.*)\)$/s.exec(current);
    if (!wrapped?.[1]) return current;
    current = wrapped[1].trim();
  }
}

const INTEGER = /^U?Int(8|16|32|64|128|256)$/;

/** Kind of a result column from its ClickHouse type (`Nullable(Decimal(10, 2))`, `DateTime64(3, 'UTC')`, …). */
export function clickHouseKind(type: string): ValueKind {
  const inner = unwrapClickHouseType(type);
  const name = inner.replace(/\(.*$/s, '');
  if (INTEGER.test(name)) return 'integer';
  if (name === 'Float32' || name === 'Float64' || name === 'BFloat16') return 'float';
  if (/^Decimal(32|64|128|256)?$/.test(name)) return 'decimal';
  if (name === 'Bool' || name === 'Boolean') return 'boolean';
  if (name === 'Date' || name === 'Date32') return 'date';
  if (name === 'DateTime' || name === 'DateTime64') return 'timestamp';
  if (['Array', 'Map', 'Tuple', 'Nested', 'JSON', 'Object', 'Variant', 'Dynamic'].includes(name)) return 'json';
  return 'string';
}

export function clickHouseDimensionType(nativeType: string): DimensionType {
  return dimensionTypeOf(clickHouseKind(nativeType));
}

/** Result columns from the names and types rows that open a JSONCompactEachRowWithNamesAndTypes result. */
export function clickHouseColumns(names: readonly unknown[], types: readonly unknown[]): ResultColumn[] {
  return names.map((name, index) => ({ name: String(name), kind: clickHouseKind(String(types[index] ?? '')) }));
}
