import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { purgeFilesOlderThan } from './expired-files';

describe('purgeFilesOlderThan', () => {
  let root: string;
  const now = new Date('2026-01-10T00:00:00Z');
  const old = new Date('2026-01-01T00:00:00Z');

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'quarry-purge-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes old files and the directories they leave empty, keeping recent ones', async () => {
    await mkdir(join(root, 'a/b'), { recursive: true });
    await mkdir(join(root, 'keep'), { recursive: true });
    await writeFile(join(root, 'a/b/old.csv'), '12345');
    await utimes(join(root, 'a/b/old.csv'), old, old);
    await writeFile(join(root, 'keep/new.csv'), 'x');
    await writeFile(join(root, 'old-top.csv'), 'abc');
    await utimes(join(root, 'old-top.csv'), old, old);

    const outcome = await purgeFilesOlderThan(root, new Date(now.getTime() - 86_400_000));

    expect(outcome).toEqual({ files: 2, bytes: 8 });
    expect((await readdir(root)).sort()).toEqual(['keep']);
    expect(await readdir(join(root, 'keep'))).toEqual(['new.csv']);
  });

  it('removes an old symlink without following it', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'quarry-outside-'));
    await writeFile(join(outside, 'precious'), 'keep me');
    await utimes(join(outside, 'precious'), old, old);
    await symlink(outside, join(root, 'link'));
    await purgeFilesOlderThan(root, new Date(Date.now() + 60_000));
    expect(await readdir(outside)).toEqual(['precious']);
    await rm(outside, { recursive: true, force: true });
  });

  it('treats a missing root as nothing to purge', async () => {
    await expect(purgeFilesOlderThan(join(root, 'missing'), now)).resolves.toEqual({ files: 0, bytes: 0 });
  });
});
