import { ParameterError } from '@quarry/domain';
import { identityChanges, secretFieldsOf, type WarehouseConnectionConfig } from '@quarry/warehouses';

export interface InheritedConnectionOptions {
  /** The request field holding the connection, for error messages (`warehouseConnection`). */
  field: string;
  /** Whose stored credentials these are, for error messages ("the upstream project's"). */
  owner: string;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A connection built from a stored one (credentials included) and the fields a request gives.
 * Secrets follow their connection: the stored secrets are only kept while the request leaves
 * every identity field (host, port, database, user, account, tunnel, TLS mode, … see
 * WAREHOUSE_SESSION_FIELDS) as stored. A request that changes any of them must bring every
 * secret the stored connection has, or gets a 400 naming the missing ones; none is carried over.
 * Without a requested connection, or with one of another kind, the stored connection is used as it is.
 */
export function inheritConnection(
  stored: WarehouseConnectionConfig,
  requested: WarehouseConnectionConfig | undefined,
  options: InheritedConnectionOptions,
): WarehouseConnectionConfig {
  if (!requested || requested.type !== stored.type) return stored;
  const given = Object.fromEntries(Object.entries(requested).filter(([, value]) => value !== undefined));
  const changed = identityChanges(stored, requested);
  if (changed.length === 0) return { ...stored, ...given } as WarehouseConnectionConfig;

  const secrets = secretFieldsOf(stored.type);
  const kept: Record<string, unknown> = { ...stored };
  const missing = secrets.filter((secret) => isSet(kept[secret]) && given[secret] === undefined);
  if (missing.length > 0) {
    const changes = changed.map((field) => `${options.field}.${field}`).join(', ');
    const problems = Object.fromEntries(
      missing.map((secret) => [
        `${options.field}.${secret}`,
        [`${options.owner} stored ${secret} is only used with its own connection; ${changes} differs from it, so send your own ${secret}`],
      ]),
    );
    const names = missing.map((secret) => `${options.field}.${secret}`).join(', ');
    throw new ParameterError(
      `${names}: ${options.owner} stored credentials are only used with its own connection, and ${changes} changes it; ` +
        `send your own ${missing.join(' and ')}`,
      problems,
    );
  }
  const withoutSecrets = Object.fromEntries(Object.entries(kept).filter(([field]) => !secrets.includes(field)));
  return { ...withoutSecrets, ...given } as WarehouseConnectionConfig;
}
