import { setTimeout as sleep } from 'node:timers/promises';

/** True once the API's health endpoint answers 2xx; false after `timeoutMs` (may be infinite), or when `signal` aborts. */
export async function waitForHealth(siteUrl: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal.aborted) {
    try {
      const response = await fetch(`${siteUrl}/api/v1/health`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(500, undefined, { signal }).catch(() => undefined);
  }
  return false;
}
