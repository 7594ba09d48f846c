/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that each caller asserts on */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Methods a server may receive twice without harm (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A request that failed because the kept-alive connection it was sent on had just been closed by the server (the
 * client's event loop was busy when the server's idle timeout fired): nothing of it was answered.
 */
export function isStaleConnectionError(error: unknown): boolean {
  // By name, not instanceof: under jest, fetch's TypeError comes from another realm than the test's.
  const failed = error as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
  if (failed?.name !== 'TypeError' || failed.message !== 'fetch failed') return false;
  const cause = failed.cause;
  return (
    cause?.code === 'ECONNRESET' ||
    cause?.code === 'EPIPE' ||
    (cause?.code === 'UND_ERR_SOCKET' && /other side closed/.test(cause.message ?? ''))
  );
}

/** A tiny client speaking to the API as a user would: JSON in, JSON out, a token if given. */
export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; authorization?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `ApiKey ${options.token}`;
  if (options.authorization) headers['authorization'] = options.authorization;
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  const send = () =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // Once, and only where repeating cannot change the outcome: a POST may have been received before the reset.
    if (!IDEMPOTENT.has(method.toUpperCase()) || !isStaleConnectionError(error)) throw error;
    response = await send();
  }
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}
