import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { PreAggregatesRepository } from '@quarry/server/database';

import { LocalRollupFiles } from './local-rollup-files';
import { addRemoved, noneRemoved, type RemovedRollups, RollupStore } from './rollup-store';

/**
 * Removes rollup files nobody reads any more: those of builds replaced longer ago than
 * PRE_AGGREGATE_FILE_GRACE_SECONDS (queries reading them have finished), and those of deleted
 * projects (their rows went with them; a project with no cron has no later build to notice).
 */
@Injectable()
export class RollupHousekeeping {
  private readonly logger = new Logger(RollupHousekeeping.name);

  constructor(
    private readonly repository: PreAggregatesRepository,
    private readonly store: RollupStore,
    private readonly local: LocalRollupFiles,
    private readonly config: AppConfig,
  ) {}

  /** Files (local and in the bucket) of builds replaced before the grace period; of one project, or of all. */
  async removeReplaced(projectUuid?: string, now = new Date()): Promise<RemovedRollups> {
    const cutoff = this.cutoff(now);
    const stale = projectUuid ? await this.repository.staleFiles(projectUuid, cutoff) : await this.repository.staleFilesAnywhere(cutoff);
    if (stale.length === 0) return noneRemoved();
    const removed = await this.store.remove(stale);
    await this.repository.markFilesRemoved(removed.removedBuilds);
    this.reportFailures(removed);
    return removed;
  }

  /** Every file of projects that no longer exist: local folders and, with S3, the bucket's folders. */
  async removeDeletedProjects(): Promise<RemovedRollups> {
    let removed = noneRemoved();
    for (const projectUuid of await this.deletedAmong(await this.store.storedProjects())) {
      removed = addRemoved(removed, await this.store.removeProject(projectUuid));
    }
    this.reportFailures(removed);
    return removed;
  }

  /** This process's local folders of projects that no longer exist (the bucket is the maintenance purge's). */
  async removeDeletedProjectsHere(): Promise<{ files: number; bytes: number }> {
    const removed = { files: 0, bytes: 0 };
    for (const projectUuid of await this.deletedAmong(await this.local.projects())) {
      const held = await this.local.removeProject(projectUuid);
      removed.files += held.files;
      removed.bytes += held.bytes;
    }
    return removed;
  }

  /**
   * With S3: this process's copies of builds it no longer needs (replaced before the grace
   * period, removed, or gone with their project) and downloads abandoned that long ago.
   */
  async removeUnneededCopies(now = new Date()): Promise<{ files: number; bytes: number }> {
    const removed = { files: 0, bytes: 0 };
    if (!this.store.inBucket) return removed;
    const cutoff = this.cutoff(now);
    const { builds, downloads } = await this.local.files();
    const unneeded = await this.repository.unneededBuilds([...new Set(builds.map((build) => build.buildUuid))], cutoff);
    const abandoned = downloads.filter((download) => download.modifiedAt < cutoff).map((download) => download.path);
    for (const path of [...builds.filter((build) => unneeded.has(build.buildUuid)).map((build) => build.path), ...abandoned]) {
      const size = await this.local.remove(path);
      if (size === null) continue;
      removed.files += 1;
      removed.bytes += size;
    }
    return removed;
  }

  private async deletedAmong(projectUuids: readonly string[]): Promise<string[]> {
    const existing = await this.repository.existingProjects(projectUuids);
    return projectUuids.filter((projectUuid) => !existing.has(projectUuid));
  }

  private cutoff(now: Date): Date {
    return new Date(now.getTime() - this.config.preAggregates.fileGraceMs);
  }

  private reportFailures(removed: RemovedRollups): void {
    if (removed.failures.length > 0) {
      this.logger.warn(
        { failed: removed.failures.length, first: removed.failures.slice(0, 5) },
        'S3 refused to delete some rollup files; the next run tries again',
      );
    }
  }
}
