import { LocalRollupFiles } from './local-rollup-files';
import { noneRemoved, type RemovableRollup, type RemovedRollups, type RollupRef, RollupStore, type StoredRollup } from './rollup-store';

/** Rollups on local disk only: API and worker share DATA_DIR, and read the file where the worker wrote it. */
export class LocalRollupStore extends RollupStore {
  readonly inBucket = false;

  constructor(private readonly local: LocalRollupFiles) {
    super();
  }

  async publish(_build: { projectUuid: string; name: string; buildUuid: string }, filePath: string): Promise<StoredRollup> {
    return { filePath, objectKey: null };
  }

  localPath(rollup: RollupRef): string {
    return rollup.filePath;
  }

  async fetch(): Promise<void> {
    // Already where the worker wrote it.
  }

  async remove(rollups: readonly RemovableRollup[]): Promise<RemovedRollups> {
    const removed = noneRemoved();
    for (const rollup of rollups) {
      const size = await this.local.remove(rollup.filePath);
      removed.files += 1;
      removed.bytes += size ?? 0;
      removed.removedBuilds.push(rollup.buildUuid);
    }
    return removed;
  }

  storedProjects(): Promise<string[]> {
    return this.local.projects();
  }

  async removeProject(projectUuid: string): Promise<RemovedRollups> {
    return { ...noneRemoved(), ...(await this.local.removeProject(projectUuid)) };
  }
}
