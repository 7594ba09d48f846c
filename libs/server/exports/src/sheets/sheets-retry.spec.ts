import { googleFailure, retryAfterMs } from './google-api-error';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryable, withRetries } from './sheets-retry';

const TOKEN_URL = 'http://127.0.0.1:9/token';

/** The shape of a gaxios error for an HTTP answer. */
function httpError(
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
  url = 'http://127.0.0.1:9/v4/spreadsheets',
): unknown {
  return Object.assign(new Error('request failed'), {
    config: { url: new URL(url) },
    response: { status, data, headers: new Headers(headers) },
  });
}

describe('reading Google failures', () => {
  it('takes message and reasons from Google API errors, and Retry-After in seconds or as a date', () => {
    const failure = googleFailure(
      httpError(
        403,
        { error: { code: 403, message: 'User rate limit exceeded.', errors: [{ reason: 'userRateLimitExceeded' }] } },
        { 'Retry-After': '7' },
      ),
      TOKEN_URL,
    );
    expect(failure).toEqual({
      status: 403,
      message: 'User rate limit exceeded.',
      reasons: ['userRateLimitExceeded'],
      retryAfterMs: 7_000,
      tokenRequest: false,
      kind: 'http',
    });
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', () => Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('recognises an OAuth token endpoint refusal', () => {
    const failure = googleFailure(httpError(400, { error: 'invalid_grant', error_description: 'Bad Request' }, {}, TOKEN_URL), TOKEN_URL);
    expect(failure).toMatchObject({ status: 400, message: 'invalid_grant: Bad Request', reasons: ['invalid_grant'], tokenRequest: true });
  });

  it('tells a lost connection (retryable) from a local fault (not)', () => {
    const reset = Object.assign(new TypeError('fetch failed'), {
      config: {},
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    const local = Object.assign(new Error('Cannot find module'), { config: {}, code: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG' });
    expect(googleFailure(reset, TOKEN_URL).kind).toBe('network');
    expect(isRetryable(googleFailure(reset, TOKEN_URL))).toBe(true);
    expect(googleFailure(local, TOKEN_URL).kind).toBe('local');
    expect(isRetryable(googleFailure(local, TOKEN_URL))).toBe(false);
  });

  it('retries throttling and server errors only', () => {
    const retryable = (status: number, reason?: string) =>
      isRetryable(googleFailure(httpError(status, { error: { message: 'x', errors: reason ? [{ reason }] : [] } }), TOKEN_URL));
    expect([429, 500, 502, 503, 504].map((status) => retryable(status))).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 409].map((status) => retryable(status))).toEqual([false, false, false, false, false]);
    expect(retryable(403, 'rateLimitExceeded')).toBe(true);
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, jittered over the upper half', () => {
    const policy = { maxAttempts: 7, baseDelayMs: 1_000, maxDelayMs: 32_000 };
    expect([1, 2, 3, 6, 9].map((retry) => backoffDelayMs(retry, policy, () => 1))).toEqual([1_000, 2_000, 4_000, 32_000, 32_000]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(2_000);
  });

  it('spans more than a minute by default, the window in which Sheets quotas refill', () => {
    const waits = Array.from({ length: DEFAULT_RETRY_POLICY.maxAttempts - 1 }, (_, i) =>
      backoffDelayMs(i + 1, DEFAULT_RETRY_POLICY, () => 1),
    );
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(60_000);
  });

  it('waits as long as Retry-After says, capped by maxDelayMs', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls === 1) throw httpError(429, {}, { 'retry-after': '120' });
        if (calls === 2) throw httpError(429, {}, { 'retry-after': '2' });
        return 'done';
      },
      {
        policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 60_000 },
        classify: (error) => googleFailure(error, TOKEN_URL),
        fail: () => new Error('gave up'),
        sleep: async (ms) => void waits.push(ms),
      },
    );
    expect([result, waits]).toEqual(['done', [60_000, 2_000]]);
  });
});
