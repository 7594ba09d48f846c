import { lstat, readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface PurgeOutcome {
  files: number;
  bytes: number;
}

/**
 * Removes regular files under `root` last modified before `olderThan`, then the directories that
 * leaves empty. Symlinks are removed as links and never followed out of `root`.
 */
export async function purgeFilesOlderThan(root: string, olderThan: Date): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = { files: 0, bytes: 0 };
  await purgeDirectory(root, olderThan.getTime(), outcome, true);
  return outcome;
}

async function purgeDirectory(directory: string, cutoffMs: number, outcome: PurgeOutcome, isRoot: boolean): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  let remaining = entries.length;
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (await purgeDirectory(path, cutoffMs, outcome, false)) remaining -= 1;
      continue;
    }
    const stats = await lstat(path);
    if (stats.mtimeMs < cutoffMs) {
      await rm(path, { force: true });
      outcome.files += 1;
      outcome.bytes += stats.size;
      remaining -= 1;
    }
  }
  if (remaining === 0 && !isRoot) {
    // rmdir only removes an empty directory: a file written meanwhile keeps it.
    await rmdir(directory).catch(() => undefined);
    return true;
  }
  return remaining === 0;
}
