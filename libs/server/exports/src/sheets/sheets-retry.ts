import type { GoogleFailure } from './google-api-error';

export interface RetryPolicy {
  /** Calls in all, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; doubles each time. */
  baseDelayMs: number;
  /** Cap on one wait, Retry-After included, so a job never sleeps unbounded. */
  maxDelayMs: number;
}

/**
 * Sheets quotas are per minute (60 writes per user, 300 per project): waits of 1+2+4+8+16+32 s
 * span more than a minute, so a request throttled at the start of a quota window still gets a
 * fresh window before giving up.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 7, baseDelayMs: 1_000, maxDelayMs: 32_000 };

/** Drive (sharing) reports quota exhaustion as 403 with these reasons rather than 429. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Throttling, server errors and lost connections may pass on a later try; other refusals will not. */
export function isRetryable(failure: GoogleFailure): boolean {
  switch (failure.kind) {
    case 'local':
      return false;
    case 'network':
      return true;
    case 'http': {
      const status = failure.status ?? 0;
      return status === 429 || status >= 500 || (status === 403 && failure.reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
    }
  }
}

/**
 * Wait before retry number `retry` (1-based): exponential, capped, with jitter over its upper half
 * so that workers throttled together do not come back together.
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface RetryOptions {
  policy: RetryPolicy;
  classify: (error: unknown) => GoogleFailure;
  /** Builds the error thrown when giving up. */
  fail: (failure: GoogleFailure, attempts: number) => Error;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
}

export async function withRetries<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      const failure = options.classify(error);
      if (!isRetryable(failure) || attempt >= options.policy.maxAttempts) throw options.fail(failure, attempt);
      const delay =
        failure.retryAfterMs !== undefined
          ? Math.min(failure.retryAfterMs, options.policy.maxDelayMs)
          : backoffDelayMs(attempt, options.policy, options.random);
      await options.sleep(delay);
    }
  }
}
