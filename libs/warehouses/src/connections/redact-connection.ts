import { isWarehouseType, WAREHOUSE_TYPES } from '@quarry/domain';

import { WAREHOUSE_SECRET_FIELDS, type WarehouseConnectionConfig } from './warehouse-connection';

const EVERY_SECRET_FIELD: readonly string[] = [
  ...new Set(WAREHOUSE_TYPES.flatMap((type) => WAREHOUSE_SECRET_FIELDS[type] as readonly string[])),
];

/**
 * The connection as responses and logs may show it: a copy without the kind's secret fields.
 * A config of unknown kind (say, read from an older row) loses every field any kind treats as secret.
 */
export function redactConnection(config: WarehouseConnectionConfig): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...config };
  const secret: readonly string[] = isWarehouseType(config.type) ? WAREHOUSE_SECRET_FIELDS[config.type] : EVERY_SECRET_FIELD;
  for (const field of secret) delete shown[field];
  return shown;
}
