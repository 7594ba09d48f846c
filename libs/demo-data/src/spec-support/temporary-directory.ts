import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory under the system temp dir, and a function that deletes it. */
export async function temporaryDirectory(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `quarry-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
