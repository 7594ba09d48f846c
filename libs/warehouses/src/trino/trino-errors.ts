import { connectionFailure, type ConnectionStep, messageOf, networkStep } from '../adapter/connection-error';

/** A failure Trino reports inside a query result. */
export interface TrinoQueryFailure {
  message: string;
  errorName?: string;
  errorCode?: number;
  errorType?: string;
}

/** Which step a failed Trino call failed at: transport errors (axios) or the server's error name. */
export function trinoConnectionStep(error: unknown): ConnectionStep {
  const network = networkStep(error) ?? networkStep((error as { cause?: unknown } | null)?.cause);
  if (network) return network;
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  const { errorName } = (error ?? {}) as TrinoQueryFailure;
  if (status === 401 || status === 403 || /\b401\b|unauthori[sz]ed|authentication/i.test(messageOf(error))) return 'authenticate';
  if (errorName === 'CATALOG_NOT_FOUND') return 'database';
  if (errorName === 'SCHEMA_NOT_FOUND') return 'schema';
  if (errorName === 'PERMISSION_DENIED') return 'authenticate';
  return errorName ? 'query' : 'connect';
}

export function trinoConnectionError(error: unknown) {
  return connectionFailure(trinoConnectionStep(error), 'Trino', error);
}

/** Trino's in-result error as a throwable carrying its name and code. */
export class TrinoError extends Error implements TrinoQueryFailure {
  readonly errorName?: string;
  readonly errorCode?: number;

  constructor(failure: TrinoQueryFailure) {
    super(failure.message);
    this.name = 'TrinoError';
    this.errorName = failure.errorName;
    this.errorCode = failure.errorCode;
  }
}
