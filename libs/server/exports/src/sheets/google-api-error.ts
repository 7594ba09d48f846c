/** What a failed call to a Google API (or its token endpoint) tells us, read off a gaxios error. */
export interface GoogleFailure {
  /** HTTP status; undefined when no response came (connection refused or reset, timeout). */
  status?: number;
  /** Google's explanation, or the network error's. */
  message: string;
  /** `errors[].reason` of the classic error format (e.g. `userRateLimitExceeded`), or the OAuth `error`. */
  reasons: string[];
  /** Delay the server asked for through Retry-After, in milliseconds. */
  retryAfterMs?: number;
  /** The request went to the OAuth token endpoint, not to the API itself. */
  tokenRequest: boolean;
  /**
   * `http`: Google answered with an error status; `network`: the request or its answer was lost on
   * the way (the outcome is unknown); `local`: a fault on this side — retrying cannot help.
   */
  kind: 'http' | 'network' | 'local';
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  config?: { url?: unknown };
  response?: { status?: unknown; headers?: unknown; data?: unknown };
}

/**
 * gaxios errors carry the response (status, headers, parsed body) and the request's config. They
 * are read by shape, not `instanceof`, because several gaxios copies live in node_modules.
 */
export function googleFailure(error: unknown, tokenUrl: string, now: () => number = Date.now): GoogleFailure {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ErrorLike;
  const response = e.response;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const data = response?.data;
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const apiError = typeof body['error'] === 'object' && body['error'] !== null ? (body['error'] as Record<string, unknown>) : undefined;
  const reasons: string[] = [];
  let message: string | undefined;
  if (apiError) {
    // Google APIs: { error: { code, message, status, errors: [{ reason, message }] } }.
    message = typeof apiError['message'] === 'string' ? apiError['message'] : undefined;
    for (const item of Array.isArray(apiError['errors']) ? apiError['errors'] : []) {
      const reason = (item as Record<string, unknown>)['reason'];
      if (typeof reason === 'string') reasons.push(reason);
    }
  } else if (typeof body['error'] === 'string') {
    // OAuth token endpoint: { error: 'invalid_grant', error_description: '…' }.
    reasons.push(body['error']);
    message = typeof body['error_description'] === 'string' ? `${body['error']}: ${body['error_description']}` : body['error'];
  } else if (typeof data === 'string' && data.trim() && data.length < 300) {
    message = data.trim();
  }
  if (!message) {
    const code = typeof e.code === 'string' ? ` (${e.code})` : '';
    message = `${typeof e.message === 'string' ? e.message : 'request failed'}${code}`;
  }
  const url = e.config?.url === undefined ? undefined : String(e.config.url);
  return {
    status,
    message,
    reasons,
    retryAfterMs: retryAfterMs(header(response?.headers, 'retry-after'), now),
    tokenRequest: url !== undefined && withoutQuery(url) === withoutQuery(tokenUrl),
    kind: status !== undefined ? 'http' : transportCode(error) !== undefined ? 'network' : 'local',
  };
}

/**
 * Codes of a request lost on the way (Node's sockets and DNS, undici's fetch, node-fetch,
 * gaxios' timeout). Anything else without a response — a missing module, a bad key — is a local
 * fault that retrying would only repeat.
 */
const TRANSPORT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'TimeoutError',
]);

/** The transport code found on the error or the errors it wraps (fetch nests the socket's as `cause`). */
function transportCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && TRANSPORT_CODES.has(code)) return code;
    if (name === 'TimeoutError') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url;
  }
}

/** gaxios 7 hands back fetch `Headers`; older shapes are plain objects. */
function header(headers: unknown, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (typeof headers === 'object' && headers !== null) {
    const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    return typeof found?.[1] === 'string' ? found[1] : undefined;
  }
  return undefined;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | undefined, now: () => number = Date.now): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}
