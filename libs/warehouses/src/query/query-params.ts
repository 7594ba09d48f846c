import { WarehouseQueryError } from '@quarry/domain';

/** Values a placeholder can take. */
export type QueryParam = string | number | bigint | boolean | Date | null;

/** Checks the caller's values before any reaches a warehouse; objects and lists are refused, not guessed at. */
export function toQueryParams(params: readonly unknown[] | undefined): QueryParam[] {
  return (params ?? []).map((value, index) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw invalidParam(index, 'is not a finite number');
      return value;
    }
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw invalidParam(index, 'is an invalid date');
      return value;
    }
    throw invalidParam(index, `has unsupported type ${Array.isArray(value) ? 'array' : typeof value}`);
  });
}

function invalidParam(index: number, problem: string): WarehouseQueryError {
  return new WarehouseQueryError(`Query parameter $${index + 1} ${problem}`, { parameter: index + 1 });
}
