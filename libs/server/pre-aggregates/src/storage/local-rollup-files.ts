import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { isUuid } from '@quarry/server/common';

import { rollupFile, rollupRoot } from '../rollup-location';

/** A download in progress: `.<buildUuid>.parquet.<random>.download`, renamed into place when complete. */
export const DOWNLOAD_SUFFIX = '.download';

const BUILD_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.parquet$/;

export interface LocalRollupFile {
  buildUuid: string;
  path: string;
}

/**
 * This process's rollup files under DATA_DIR/pre-aggregates: `<projectUuid>/<name>/<buildUuid>.parquet`,
 * beside the worker's staged files (`.<buildUuid>.jsonl`, `.<buildUuid>.parquet`) and downloads
 * in progress. Only uuid-named project folders are Quarry's.
 */
export class LocalRollupFiles {
  readonly root: string;

  constructor(private readonly dataDir: string) {
    this.root = rollupRoot(dataDir);
  }

  pathOf(projectUuid: string, name: string, buildUuid: string): string {
    return rollupFile(this.dataDir, projectUuid, name, buildUuid);
  }

  /** The size of the file, or null when there is none. */
  async sizeOf(path: string): Promise<number | null> {
    try {
      const stats = await lstat(path);
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removes a file; answers its size, or null when there was none. */
  async remove(path: string): Promise<number | null> {
    const size = await this.sizeOf(path);
    await rm(path, { force: true });
    return size;
  }

  /** Projects with a folder here. */
  async projects(): Promise<string[]> {
    return (await this.entries(this.root)).filter((entry) => entry.isDirectory() && isUuid(entry.name)).map((entry) => entry.name);
  }

  /** Removes a project's folder; answers how many files and bytes it held. */
  async removeProject(projectUuid: string): Promise<{ files: number; bytes: number }> {
    if (!isUuid(projectUuid)) return { files: 0, bytes: 0 };
    const directory = join(this.root, projectUuid);
    const held = await this.count(directory);
    await rm(directory, { recursive: true, force: true });
    return held;
  }

  /** Every finished build file, and the downloads in progress, with when they were last written. */
  async files(): Promise<{ builds: LocalRollupFile[]; downloads: Array<{ path: string; modifiedAt: Date }> }> {
    const builds: LocalRollupFile[] = [];
    const downloads: Array<{ path: string; modifiedAt: Date }> = [];
    for (const projectUuid of await this.projects()) {
      for (const folder of await this.entries(join(this.root, projectUuid))) {
        if (!folder.isDirectory()) continue;
        const directory = join(this.root, projectUuid, folder.name);
        for (const entry of await this.entries(directory)) {
          if (!entry.isFile()) continue;
          const path = join(directory, entry.name);
          const build = BUILD_FILE.exec(entry.name);
          if (build) builds.push({ buildUuid: build[1] as string, path });
          else if (entry.name.endsWith(DOWNLOAD_SUFFIX)) {
            const stats = await lstat(path).catch(() => null);
            if (stats) downloads.push({ path, modifiedAt: stats.mtime });
          }
        }
      }
    }
    return { builds, downloads };
  }

  private async entries(directory: string) {
    try {
      return await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private async count(directory: string): Promise<{ files: number; bytes: number }> {
    const total = { files: 0, bytes: 0 };
    for (const entry of await this.entries(directory)) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        const inner = await this.count(path);
        total.files += inner.files;
        total.bytes += inner.bytes;
      } else if (entry.isFile()) {
        total.files += 1;
        total.bytes += (await this.sizeOf(path)) ?? 0;
      }
    }
    return total;
  }
}
