import type { Worker } from 'bullmq';

/** What SIGTERM leaves running jobs before the worker lets go of them: under the 10 s an orchestrator gives. */
export const SHUTDOWN_GRACE_MS = 5_000;
/** When the worker exits on SIGTERM however far its shutdown has got: still under those 10 s. */
export const SHUTDOWN_DEADLINE_MS = 7_000;

/**
 * On `signal`, exits after `deadlineMs` unless the shutdown has ended the process by then. Letting go
 * of a job does not stop its code: a rollup build or an export still running holds what it holds
 * (a metadata connection the pool's close waits for, DuckDB work in flight), and one container
 * test's `docker stop` of the worker took 9.4 s of the 10. The jobs it leaves are taken over as a
 * killed worker's are.
 */
export function exitAfterDeadline(
  signal: NodeJS.Signals,
  deadlineMs: number = SHUTDOWN_DEADLINE_MS,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  process.once(signal, () => {
    setTimeout(() => exit(128 + (signal === 'SIGINT' ? 2 : 15)), deadlineMs).unref();
  });
}

/**
 * Closes a BullMQ worker within a bound. Its plain close waits for the jobs it runs, and an export
 * or a rollup build may run for minutes; past the grace it closes without them: their locks lapse
 * and they are taken over (by this worker restarted, or another) as a killed worker's jobs are.
 *
 * The wait is a pause (no new jobs, running ones awaited), not a close: BullMQ's close returns the
 * close already under way, so a forced close after a graceful one would still wait for the jobs.
 */
export async function closeWithin(worker: Worker, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const drained = worker.pause().then(() => true);
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  try {
    const inTime = await Promise.race([drained, expired]);
    await worker.close(!inTime);
  } finally {
    clearTimeout(timer);
  }
}
