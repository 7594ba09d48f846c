import type { RunningProcess } from './app-processes';

/** Sized for a loaded 2-core machine (load 15–25 while other suites run), where an idle one needs a few seconds. */
const DEFAULT_TIMEOUT_MS = 60_000;
/** A process booting on that machine: at load 37 the API took over 120 s to answer its first health check. */
const BOOT_TIMEOUT_MS = 240_000;

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

export async function waitForHealthy(baseUrl: string, process?: RunningProcess, timeoutMs = BOOT_TIMEOUT_MS): Promise<void> {
  await waitFor(
    `${baseUrl} to be healthy${process ? `; output so far:\n${process.output()}` : ''}`,
    async () => {
      if (process && process.child.exitCode !== null) throw new Error(`process exited:\n${process.output()}`);
      const response = await fetch(`${baseUrl}/api/v1/health`);
      return response.ok ? true : undefined;
    },
    timeoutMs,
  );
}
