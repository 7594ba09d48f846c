/** One build's rollup: where the worker wrote it, and its object in the bucket when S3 is configured. */
export interface RollupRef {
  projectUuid: string;
  name: string;
  buildUuid: string;
  /** The file the worker wrote, in its DATA_DIR. */
  filePath: string;
  objectKey: string | null;
}

/** Where a finished build is kept, recorded on its row. */
export interface StoredRollup {
  filePath: string;
  objectKey: string | null;
}

/** A replaced build's files to remove (its local file, its object). */
export interface RemovableRollup extends RollupRef {
  /** Its size as recorded, counted when only its object was left. */
  bytes: number | null;
}

export interface RemovedRollups {
  files: number;
  bytes: number;
  /** Builds whose files are all gone (recorded as removed). */
  removedBuilds: string[];
  /** Objects S3 refused to delete, with its reason; tried again on the next run. */
  failures: Array<{ key: string; code: string }>;
}

export function noneRemoved(): RemovedRollups {
  return { files: 0, bytes: 0, removedBuilds: [], failures: [] };
}

export function addRemoved(total: RemovedRollups, more: RemovedRollups): RemovedRollups {
  return {
    files: total.files + more.files,
    bytes: total.bytes + more.bytes,
    removedBuilds: [...total.removedBuilds, ...more.removedBuilds],
    failures: [...total.failures, ...more.failures],
  };
}

/**
 * Where rollup files are kept: DATA_DIR/pre-aggregates only, or also an S3 bucket (chosen from
 * the configuration, as export files are). The worker publishes each finished file before the
 * swap; a process answering from a build asks for a local path DuckDB can read, fetched first
 * when only the bucket has it.
 */
export abstract class RollupStore {
  /** True when rollups are also kept in a bucket (local files are then copies). */
  abstract readonly inBucket: boolean;

  /** Worker: keeps the finished file at `filePath` (under DATA_DIR/pre-aggregates) as the build's rollup, before it is served. */
  abstract publish(build: { projectUuid: string; name: string; buildUuid: string }, filePath: string): Promise<StoredRollup>;

  /** Where this process's DuckDB reads a build from (`fetch` first). */
  abstract localPath(rollup: RollupRef): string;

  /** Makes the build's file present at `localPath` (downloaded once from the bucket when it is not). */
  abstract fetch(rollup: RollupRef): Promise<void>;

  /** Removes replaced builds' files: the local file and the object. */
  abstract remove(rollups: readonly RemovableRollup[]): Promise<RemovedRollups>;

  /** Ids of the projects that have rollup files kept (local directories, bucket folders). */
  abstract storedProjects(): Promise<string[]>;

  /** Removes every rollup file of a project (local and in the bucket). */
  abstract removeProject(projectUuid: string): Promise<RemovedRollups>;
}
