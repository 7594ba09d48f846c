import { connectionFailure, type ConnectionStep, messageOf, networkStep } from '../adapter/connection-error';

/** ClickHouse server error codes that answer a login or a missing database. */
const STEP_BY_CODE: Readonly<Record<string, ConnectionStep>> = {
  '516': 'authenticate', // AUTHENTICATION_FAILED
  '192': 'authenticate', // UNKNOWN_USER
  '193': 'authenticate', // WRONG_PASSWORD
  '194': 'authenticate', // REQUIRED_PASSWORD
  '81': 'schema', // UNKNOWN_DATABASE: the connection's `schema` is a ClickHouse database
  '497': 'authenticate', // ACCESS_DENIED
};

export function clickHouseConnectionStep(error: unknown): ConnectionStep {
  const network = networkStep(error) ?? networkStep((error as { cause?: unknown } | null)?.cause);
  if (network) return network;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && STEP_BY_CODE[code]) return STEP_BY_CODE[code];
  if (/authentication failed|wrong password|unknown user/i.test(messageOf(error))) return 'authenticate';
  if (/timeout/i.test(messageOf(error))) return 'connect';
  return typeof code === 'string' && /^\d+$/.test(code) ? 'query' : 'connect';
}

export function clickHouseConnectionError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return connectionFailure(clickHouseConnectionStep(error), 'ClickHouse', error, typeof code === 'string' ? { code } : {});
}
