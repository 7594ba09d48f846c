import type { Writable } from 'node:stream';

/** The file an export job writes. */
export interface ExportFileTarget {
  jobId: string;
  projectUuid: string;
  /** Served with the file, e.g. `text/csv; charset=utf-8`. */
  contentType: string;
}

/** One attempt at writing a job's file. Nothing of it is visible until `commit`. */
export interface ExportAttempt {
  /** Write the file here and end the stream (a `pipeline` does) before committing. */
  stream: Writable;
  /**
   * Publishes the written file under `fileName`, replacing whatever earlier attempts of the same
   * job published, so a job ends with exactly one file. Resolves to the URL users download it from.
   */
  commit(fileName: string): Promise<{ fileUrl: string }>;
  /** Drops an attempt that failed; a no-op once committed. */
  discard(): Promise<void>;
}

/**
 * A file the warehouse engine writes itself at `path` (in a directory the engine chose), then
 * handed to the store. Nothing of it is visible until `commit`.
 */
export interface StagedExportFile {
  path: string;
  /** Publishes the file's first `bytes` bytes under `fileName`, as ExportAttempt.commit does. */
  commit(fileName: string, bytes: number): Promise<{ fileUrl: string }>;
  /** Removes the staged file; a no-op once committed. */
  discard(): Promise<void>;
}

/**
 * Where export files go: DATA_DIR (`ExportFiles`, served by an authenticated route) or S3-compatible
 * storage (`S3ExportStore`, served by pre-signed URLs). ExportStorageModule picks one from the config.
 */
export abstract class ExportStore {
  abstract begin(target: ExportFileTarget): Promise<ExportAttempt>;
  /** A job's file written by the engine into `directory` (named after the job, so a retried attempt overwrites what a killed one left). */
  abstract stage(target: ExportFileTarget, directory: string): Promise<StagedExportFile>;
}
