import { connectionFailure, type ConnectionStep, messageOf, networkStep } from '../adapter/connection-error';

/** Which step a failed Databricks connection or session failed at. */
export function databricksConnectionStep(error: unknown): ConnectionStep {
  const network = networkStep(error) ?? networkStep((error as { cause?: unknown } | null)?.cause);
  if (network) return network;
  const message = messageOf(error);
  const status =
    (error as { statusCode?: number; response?: { status?: number } } | null)?.statusCode ??
    (error as { response?: { status?: number } } | null)?.response?.status;
  if (status === 401 || status === 403 || /\b(401|403)\b|unauthori[sz]ed|invalid access token|authentication/i.test(message))
    return 'authenticate';
  if (/NO_SUCH_CATALOG|CATALOG_NOT_FOUND|catalog .* (not found|does not exist)/i.test(message)) return 'database';
  if (/SCHEMA_NOT_FOUND|NO_SUCH_SCHEMA|(schema|database) .* (not found|does not exist)/i.test(message)) return 'schema';
  if (status === 404 || /\b404\b/.test(message)) return 'warehouse';
  return 'connect';
}

export function databricksConnectionError(error: unknown) {
  return connectionFailure(databricksConnectionStep(error), 'Databricks', error);
}
