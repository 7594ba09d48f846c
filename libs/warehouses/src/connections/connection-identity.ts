import { isDeepStrictEqual } from 'node:util';

import { isWarehouseType } from '@quarry/domain';

import { WAREHOUSE_SECRET_FIELDS, WAREHOUSE_SESSION_FIELDS, type WarehouseConnectionConfig } from './warehouse-connection';

/** The kind's secret fields; for a kind Quarry does not know, none (and nothing else is a setting either). */
export function secretFieldsOf(type: string): readonly string[] {
  return isWarehouseType(type) ? (WAREHOUSE_SECRET_FIELDS[type] as readonly string[]) : [];
}

function sessionFieldsOf(type: string): readonly string[] {
  return isWarehouseType(type) ? (WAREHOUSE_SESSION_FIELDS[type] as readonly string[]) : [];
}

/**
 * Login names are secret (never shown, as in the reference) and identity too: whose the other
 * credentials are. A password may not travel to another user any more than to another host.
 */
const LOGIN_FIELDS: readonly string[] = ['user'];

/** null and undefined both mean "the default". */
const comparable = (value: unknown) => value ?? undefined;

/**
 * The identity fields (login names, and every field that is neither a secret nor a session
 * setting, see WAREHOUSE_SESSION_FIELDS) that `requested` sets to another value than `stored`
 * has: where stored credentials would be sent, or as whom, if they were kept. A field the request
 * leaves out keeps its stored value, so it is no change. Connections of different kinds differ in
 * `type` itself.
 */
export function identityChanges(
  stored: WarehouseConnectionConfig,
  requested: Partial<WarehouseConnectionConfig> & { type: string },
): string[] {
  if (requested.type !== stored.type) return ['type'];
  const secrets = secretFieldsOf(stored.type).filter((field) => !LOGIN_FIELDS.includes(field));
  const settings = sessionFieldsOf(stored.type);
  const given = requested as Record<string, unknown>;
  const kept: Record<string, unknown> = { ...stored };
  return Object.keys(given)
    .filter((field) => field !== 'type' && !secrets.includes(field) && !settings.includes(field) && given[field] !== undefined)
    .filter((field) => !isDeepStrictEqual(comparable(given[field]), comparable(kept[field])));
}
