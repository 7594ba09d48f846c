import type { Worker } from 'bullmq';

/** What SIGTERM leaves running jobs before the worker lets go of them: under the 10 s an orchestrator gives. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Closes a BullMQ worker within a bound. Its plain close waits for the jobs it runs, and an export
 * or a rollup build may run for minutes; past the grace it closes without them: their locks lapse
 * and they are taken over (by this worker restarted, or another) as a killed worker's jobs are.
 */
export async function closeWithin(worker: Worker, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const graceful = worker.close().then(() => true);
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  try {
    if (!(await Promise.race([graceful, expired]))) await worker.close(true);
  } finally {
    clearTimeout(timer);
  }
}
