import { call } from '@quarry/testing';

import type { ExportCase } from './export-cases';
import type { QuarryUnderBench } from './quarry-under-bench';

/** What a completed E6 job reports. */
export interface CompletedExport {
  jobId: string;
  fileName: string;
  fileUrl: string;
  truncated: boolean;
  rowsWritten: number;
  /** The job's own duration: its record's updatedAt (completed) − createdAt (queued), in ms. */
  jobMs: number;
}

/** How often the client asks whether the job is done: the granularity of the measured time. */
const POLL_EVERY_MS = 50;
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * E6 as a user runs it: `downloadCsv` queues the job, then the job status is polled until
 * `completed`. Timed by the caller, from the request to seeing the job completed.
 */
export async function exportOverHttp(quarry: QuarryUnderBench, exportCase: ExportCase, rows: number): Promise<CompletedExport> {
  const started = await call(
    quarry.baseUrl,
    'POST',
    `/api/v1/projects/${quarry.projectUuid}/explores/${exportCase.exploreId}/downloadCsv`,
    {
      token: quarry.token,
      body: { ...exportCase.query, columnOrder: [], showTableNames: false, onlyRaw: exportCase.onlyRaw, csvLimit: rows },
    },
  );
  if (started.status !== 200) throw new Error(`downloadCsv (${exportCase.id}) answered ${started.status}: ${JSON.stringify(started.body)}`);
  const jobId = started.body.results.jobId as string;
  const deadline = Date.now() + EXPORT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const job = await call(quarry.baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: quarry.token });
    if (job.status !== 200) throw new Error(`The status of export job ${jobId} answered ${job.status}: ${JSON.stringify(job.body)}`);
    const results = job.body.results as { status: string; details: Record<string, unknown>; createdAt: string; updatedAt: string };
    if (results.status === 'error') throw new Error(`Export job ${jobId} failed: ${JSON.stringify(results.details)}`);
    if (results.status === 'completed') {
      const details = results.details as { fileName: string; fileUrl: string; truncated: boolean; progress: { rowsWritten: number } };
      return {
        jobId,
        fileName: details.fileName,
        fileUrl: details.fileUrl,
        truncated: details.truncated,
        rowsWritten: details.progress.rowsWritten,
        jobMs: Date.parse(results.updatedAt) - Date.parse(results.createdAt),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  throw new Error(`Export job ${jobId} did not complete within ${EXPORT_TIMEOUT_MS / 60_000} minutes`);
}
