import { TooManyRequestsError } from '@quarry/domain';

export interface QuerySlotLimits {
  /** Queries one user runs at once. */
  perUser: number;
  /** Queries one user may have waiting; past it, TooManyRequestsError. */
  queuedPerUser: number;
  /** Queries on the embedded DuckDB running at once, all users together (each holds a libuv thread). */
  embedded: number;
}

/** Whose query, and whether it runs on the embedded DuckDB. */
export interface SlotRequest {
  user: string;
  embedded: boolean;
  /** Aborted while waiting: the query leaves the queue without running. */
  signal?: AbortSignal | undefined;
}

interface Waiter extends SlotRequest {
  start: () => void;
}

/** The queue a query keeps its order in: its user's, for the embedded DuckDB or for other warehouses. */
function queueOf(request: SlotRequest): string {
  return `${request.embedded ? 'embedded' : 'remote'}:${request.user}`;
}

/** Suggested wait before retrying a refused query: a typical query takes well under a second, a long one several. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Turns for warehouse queries on one process, so that one user's heavy requests cannot starve
 * another's: each user runs at most `perUser` queries at once (the rest wait, in order, up to
 * `queuedPerUser`), and at most `embedded` queries run on the embedded DuckDB at once whoever
 * sent them. A query that cannot start waits; when a turn frees, the oldest waiter that may run
 * starts — a user over their own limit never holds back another user's query.
 */
export class QuerySlots {
  private readonly running = new Map<string, number>();
  private embeddedRunning = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: QuerySlotLimits) {}

  /** Resolves with the function that gives the turn back, once the query may run. */
  acquire(request: SlotRequest): Promise<() => void> {
    request.signal?.throwIfAborted();
    // A user's queries of one kind start in order; one waiting for a DuckDB turn does not hold back their other warehouses'.
    if (!this.waiting.some((waiter) => queueOf(waiter) === queueOf(request)) && this.mayStart(request))
      return Promise.resolve(this.start(request));
    const queued = this.waiting.filter((waiter) => waiter.user === request.user).length;
    if (queued >= this.limits.queuedPerUser) {
      return Promise.reject(
        new TooManyRequestsError(
          `You have ${this.running.get(request.user) ?? 0} queries running and ${queued} waiting: wait for them to finish ` +
            `(QUERY_MAX_CONCURRENT_PER_USER, QUERY_MAX_QUEUED_PER_USER)`,
          RETRY_AFTER_SECONDS,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(request.signal?.reason);
      };
      const waiter: Waiter = {
        ...request,
        start: () => {
          request.signal?.removeEventListener('abort', onAbort);
          resolve(this.start(request));
        },
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Runs `work` in a turn of its own. */
  async run<T>(request: SlotRequest, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(request);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** For tests and metrics: queries running and waiting. */
  snapshot(): { running: number; embeddedRunning: number; waiting: number } {
    return {
      running: [...this.running.values()].reduce((sum, count) => sum + count, 0),
      embeddedRunning: this.embeddedRunning,
      waiting: this.waiting.length,
    };
  }

  private mayStart(request: SlotRequest): boolean {
    return (
      (this.running.get(request.user) ?? 0) < this.limits.perUser && (!request.embedded || this.embeddedRunning < this.limits.embedded)
    );
  }

  private start(request: SlotRequest): () => void {
    this.running.set(request.user, (this.running.get(request.user) ?? 0) + 1);
    if (request.embedded) this.embeddedRunning += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(request.user) ?? 1) - 1;
      if (left === 0) this.running.delete(request.user);
      else this.running.set(request.user, left);
      if (request.embedded) this.embeddedRunning -= 1;
      this.startWaiters();
    };
  }

  /** Starts, oldest first, every waiter that may run now; a user's queries keep their order. */
  private startWaiters(): void {
    const blocked = new Set<string>();
    for (let index = 0; index < this.waiting.length;) {
      const waiter = this.waiting[index] as Waiter;
      if (blocked.has(queueOf(waiter)) || !this.mayStart(waiter)) {
        blocked.add(queueOf(waiter));
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      waiter.start();
    }
  }
}
