import { setTimeout as sleep } from 'node:timers/promises';

import { type CompileOutcome, compileOutcome, type CompileSnapshot } from './compile-outcome';

/**
 * Polls the compile's state until it has finished; undefined when `signal` aborts first (the
 * launcher is stopping).
 */
export async function awaitCompile(
  read: () => Promise<CompileSnapshot>,
  signal: AbortSignal,
  intervalMs = 500,
): Promise<CompileOutcome | undefined> {
  while (!signal.aborted) {
    const outcome = compileOutcome(await read());
    if (outcome.state !== 'compiling') return outcome;
    try {
      await sleep(intervalMs, undefined, { signal });
    } catch {
      return undefined;
    }
  }
  return undefined;
}
