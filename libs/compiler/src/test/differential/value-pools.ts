import { dialectFor } from '@quarry/dialects';
import { type Explore, getFieldId } from '@quarry/domain';
import type { WarehouseAdapter } from '@quarry/warehouses';

import { compile } from '../../index';

/** Values a generated filter compares with, per base dimension: taken from the data so filters keep rows. */
export interface ValuePools {
  values(fieldId: string): readonly unknown[];
}

const POOLED_TYPES = new Set(['string', 'number', 'date', 'timestamp']);

/**
 * Up to 40 distinct values of every visible base dimension (interval dimensions filter with
 * their base's values), read from PostgreSQL through a compiled query. Dates as `YYYY-MM-DD`,
 * timestamps as `YYYY-MM-DD HH:mm:ss`, as a client would send them.
 */
export async function loadValuePools(explores: readonly Explore[], postgres: WarehouseAdapter): Promise<ValuePools> {
  const pools = new Map<string, unknown[]>();
  const dialect = dialectFor('postgres');
  for (const explore of explores) {
    for (const table of Object.values(explore.tables)) {
      for (const dimension of Object.values(table.dimensions)) {
        const id = getFieldId(dimension);
        if (pools.has(id) || dimension.timeIntervalBaseDimensionName || !POOLED_TYPES.has(dimension.type)) continue;
        const query = {
          exploreName: explore.name,
          dimensions: [id],
          metrics: [],
          filters: {},
          sorts: [{ fieldId: id, descending: false }],
          limit: 40,
          tableCalculations: [],
        };
        const compiled = compile(explore, query, dialect, { userAttributes: { customer_id: '1' } });
        const { rows } = await postgres.runQuery(compiled.sql, compiled.params);
        pools.set(
          id,
          rows
            .map((row) => row[id])
            .filter((value) => value !== null && value !== undefined)
            .map((value) => asFilterValue(value, dimension.type)),
        );
      }
    }
  }
  return { values: (fieldId) => pools.get(fieldId) ?? [] };
}

function asFilterValue(value: unknown, type: string): unknown {
  if (type === 'number') return Number(value);
  if (type === 'date') return String(value).slice(0, 10);
  if (type === 'timestamp') return String(value).slice(0, 19).replace('T', ' ');
  return String(value);
}
