import type { DimensionType } from '@quarry/domain';

/**
 * How a column's values are normalised. Finer than DimensionType because integers, floats and
 * exact decimals each need their own rule to stay lossless in JSON.
 */
export type ValueKind = 'integer' | 'float' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'string' | 'json';

export function dimensionTypeOf(kind: ValueKind): DimensionType {
  switch (kind) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamp';
    case 'string':
    case 'json':
      return 'string';
  }
}
