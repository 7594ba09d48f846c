import { connectionError, type ConnectionStep, messageOf, networkStep } from '../adapter/connection-error';

interface GoogleLikeError {
  code?: number | string;
  message?: string;
  errors?: { reason?: string; message?: string }[];
}

/** Which step a failed BigQuery call failed at (HTTP status and the API's reason and message). */
export function bigQueryConnectionStep(error: unknown): ConnectionStep {
  const network = networkStep(error);
  if (network) return network;
  const { code, message = '' } = (error ?? {}) as GoogleLikeError;
  if (code === 401 || /invalid_grant|invalid_client|unauthorized|DECODER routines|private key/i.test(message)) return 'authenticate';
  if (code === 404 && /Not found: Project/i.test(message)) return 'database';
  if (code === 404 && /Not found: Dataset/i.test(message)) return 'schema';
  if (code === 403) return 'authenticate';
  return 'connect';
}

export function bigQueryConnectionError(error: unknown) {
  return connectionError(bigQueryConnectionStep(error), `BigQuery: ${messageOf(error)}`);
}

export function isNotFound(error: unknown): boolean {
  return (error as GoogleLikeError | null)?.code === 404;
}
