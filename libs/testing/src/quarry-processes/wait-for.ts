import type { RunningProcess } from './app-processes';

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 200): Promise<T> {
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

export async function waitForHealthy(baseUrl: string, process?: RunningProcess, timeoutMs = 45_000): Promise<void> {
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
