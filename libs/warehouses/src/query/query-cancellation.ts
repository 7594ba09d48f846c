import { queryStoppedError, type StopReason } from './query-errors';

export interface StopConditions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Turns an AbortSignal and a timeout into one call of the adapter's warehouse-side cancel, and
 * remembers why, so the driver's "query was interrupted" error can be reported as what it was.
 */
export class QueryCancellation {
  private stopReason: StopReason | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.stop('cancelled');
  private cancelWarehouseQuery: (() => unknown) | undefined;

  private constructor(private readonly conditions: StopConditions) {
    conditions.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (conditions.timeoutMs !== undefined && conditions.timeoutMs > 0) {
      this.timer = setTimeout(() => this.stop('timeout'), conditions.timeoutMs);
    }
  }

  /** Starts watching; throws at once if the signal is already aborted. */
  static watch(conditions: StopConditions): QueryCancellation {
    if (conditions.signal?.aborted) throw queryStoppedError('cancelled');
    return new QueryCancellation(conditions);
  }

  get reason(): StopReason | undefined {
    return this.stopReason;
  }

  /**
   * Sets how to cancel the running warehouse query (it may change as a stream moves on). Called
   * at once if the query was stopped before the warehouse could be told.
   */
  onStop(cancel: () => unknown): void {
    this.cancelWarehouseQuery = cancel;
    if (this.stopReason) this.invoke(cancel);
  }

  /** Throws the cancellation or timeout error if the query was stopped. */
  throwIfStopped(): void {
    if (this.stopReason) throw this.stoppedError();
  }

  /** The error to report for a failure: the stop reason when the query was stopped, else `failure`. */
  explain(failure: Error): Error {
    return this.stopReason ? this.stoppedError() : failure;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.conditions.signal?.removeEventListener('abort', this.onAbort);
    this.cancelWarehouseQuery = undefined;
  }

  private stoppedError(): Error {
    return queryStoppedError(this.stopReason ?? 'cancelled', this.conditions.timeoutMs);
  }

  private stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    if (this.timer) clearTimeout(this.timer);
    if (this.cancelWarehouseQuery) this.invoke(this.cancelWarehouseQuery);
  }

  private invoke(cancel: () => unknown): void {
    // Best effort: if the warehouse cannot be told, the query's own failure or end still settles it.
    try {
      const pending = cancel();
      if (pending instanceof Promise) pending.catch(() => undefined);
    } catch {
      /* see above */
    }
  }
}
