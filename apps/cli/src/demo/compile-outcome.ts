import type { JobStatus } from '@quarry/jobs-contracts';

/** What the launcher reads about the demo project's latest compile. */
export interface CompileSnapshot {
  compileStatus: 'pending' | 'compiling' | 'ready' | 'error';
  compileError: string | null;
  /** The job of the latest compile, when its row still exists. */
  job: { status: JobStatus; error: string | null } | null;
}

export type CompileOutcome = { state: 'compiling' } | { state: 'ready' } | { state: 'failed'; error: string };

/**
 * Whether the latest compile has finished, and how. A failed attempt sets the project's state to
 * `error` while the job, retried, goes back to `scheduled`: only the job's final `error` (or an
 * error with no job left to retry it) is a failed compile.
 */
export function compileOutcome(snapshot: CompileSnapshot): CompileOutcome {
  if (snapshot.compileStatus === 'ready') return { state: 'ready' };
  if (snapshot.job?.status === 'error') return { state: 'failed', error: snapshot.job.error ?? snapshot.compileError ?? 'unknown error' };
  const retryPending = snapshot.job?.status === 'scheduled' || snapshot.job?.status === 'started';
  if (snapshot.compileStatus === 'error' && !retryPending) return { state: 'failed', error: snapshot.compileError ?? 'unknown error' };
  return { state: 'compiling' };
}
