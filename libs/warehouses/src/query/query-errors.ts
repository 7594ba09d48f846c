import { isQuarryError, WarehouseQueryError } from '@quarry/domain';

import { messageOf } from '../adapter/connection-error';

export type StopReason = 'cancelled' | 'timeout';

export function queryStoppedError(reason: StopReason, timeoutMs?: number): WarehouseQueryError {
  return reason === 'cancelled'
    ? new WarehouseQueryError('The query was cancelled', { reason })
    : new WarehouseQueryError(`The query did not finish within ${timeoutMs} ms and was cancelled`, { reason, timeoutMs });
}

/** A warehouse's failure as a WarehouseQueryError carrying the warehouse's own message (never a stack). */
export function toQueryError(error: unknown, data: Record<string, unknown> = {}): Error {
  if (isQuarryError(error)) return error;
  return new WarehouseQueryError(messageOf(error), data);
}
