import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type AppConfig, S3Credentials } from '@quarry/server/config';
import type { PreAggregatesRepository, ReplacedRollupFile } from '@quarry/server/database';
import { LOCAL_S3_CREDENTIALS, type LocalS3, startLocalS3 } from '@quarry/testing';

import { rollupFile } from '../rollup-location';
import { DOWNLOAD_SUFFIX, LocalRollupFiles } from './local-rollup-files';
import { LocalRollupStore } from './local-rollup-store';
import { RollupHousekeeping } from './rollup-housekeeping.service';
import type { RollupRef, RollupStore } from './rollup-store';
import { S3RollupStore } from './s3-rollup-store';

const GRACE_MS = 300_000;
const NOW = new Date('2026-03-01T12:00:00Z');

/** The metadata the housekeeping asks, as the database would answer it for these builds and projects. */
function fakeRepository(state: { stale?: ReplacedRollupFile[]; unneeded?: string[]; deletedProjects?: string[] }) {
  return {
    staleFiles: jest.fn(async () => state.stale ?? []),
    staleFilesAnywhere: jest.fn(async () => state.stale ?? []),
    markFilesRemoved: jest.fn(async () => undefined),
    unneededBuilds: jest.fn(async (buildUuids: string[]) => new Set(buildUuids.filter((buildUuid) => state.unneeded?.includes(buildUuid)))),
    existingProjects: jest.fn(
      async (projectUuids: string[]) => new Set(projectUuids.filter((projectUuid) => !state.deletedProjects?.includes(projectUuid))),
    ),
  };
}

/** Integration tier: the housekeeping over rollups in a local S3 server, a worker's and an API's DATA_DIR apart. */
describe('RollupHousekeeping', () => {
  let s3: LocalS3;
  let workerDir: string;
  let apiDir: string;
  const stores: S3RollupStore[] = [];

  const config = (dataDir: string) => ({ dataDir, preAggregates: { fileGraceMs: GRACE_MS } }) as AppConfig;

  function s3Store(dataDir: string): S3RollupStore {
    const settings = {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      credentials: new S3Credentials(LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey),
      forcePathStyle: true,
      urlExpiresSeconds: 600,
    };
    const store = new S3RollupStore(settings, new LocalRollupFiles(dataDir));
    stores.push(store);
    return store;
  }

  function housekeeping(dataDir: string, repository: ReturnType<typeof fakeRepository>, store: RollupStore = s3Store(dataDir)) {
    return new RollupHousekeeping(repository as unknown as PreAggregatesRepository, store, new LocalRollupFiles(dataDir), config(dataDir));
  }

  async function keys(prefix: string): Promise<string[]> {
    const listed = await stores[0]!.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  }

  /** A build the worker wrote and published, in the bucket and in the worker's DATA_DIR. */
  async function published(projectUuid: string = randomUUID(), content = '1234567'): Promise<RollupRef> {
    const build = { projectUuid, name: 'daily', buildUuid: randomUUID() };
    const path = rollupFile(workerDir, build.projectUuid, build.name, build.buildUuid);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    return { ...build, ...(await s3Store(workerDir).publish(build, path)) };
  }

  beforeAll(async () => {
    s3 = await startLocalS3('quarry-housekeeping-test');
  }, 30_000);
  beforeEach(async () => {
    workerDir = await mkdtemp(join(tmpdir(), 'quarry-housekeeping-worker-'));
    apiDir = await mkdtemp(join(tmpdir(), 'quarry-housekeeping-api-'));
  });
  afterEach(async () => {
    await rm(workerDir, { recursive: true, force: true });
    await rm(apiDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const store of stores) store.onModuleDestroy();
    await s3?.close();
  });

  it('deletes builds replaced before the grace period from the bucket and the disk, and records them removed', async () => {
    const replaced = await published();
    const current = await published(replaced.projectUuid);
    const repository = fakeRepository({ stale: [{ ...replaced, bytes: 7 }] });

    await expect(housekeeping(workerDir, repository).removeReplaced(replaced.projectUuid, NOW)).resolves.toMatchObject({
      files: 1,
      bytes: 7,
      removedBuilds: [replaced.buildUuid],
    });
    expect(repository.staleFiles).toHaveBeenCalledWith(replaced.projectUuid, new Date(NOW.getTime() - GRACE_MS));
    expect(repository.markFilesRemoved).toHaveBeenCalledWith([replaced.buildUuid]);
    expect(await keys(`pre-aggregates/${replaced.projectUuid}/`)).toEqual([current.objectKey]);
    await expect(readFile(replaced.filePath)).rejects.toThrow(/ENOENT/);
    await expect(readFile(current.filePath, 'utf8')).resolves.toBe('1234567');
  });

  it("removes an API's downloaded copies of builds it no longer needs, and abandoned downloads, keeping the rest", async () => {
    const replaced = await published();
    const current = await published(replaced.projectUuid);
    const api = s3Store(apiDir);
    await api.fetch(replaced);
    await api.fetch(current);
    const abandoned = join(dirname(api.localPath(current)), `.${randomUUID()}.parquet.x${DOWNLOAD_SUFFIX}`);
    const recent = join(dirname(api.localPath(current)), `.${randomUUID()}.parquet.y${DOWNLOAD_SUFFIX}`);
    await writeFile(abandoned, 'half');
    await writeFile(recent, 'half');
    await utimes(abandoned, new Date(NOW.getTime() - GRACE_MS - 1000), new Date(NOW.getTime() - GRACE_MS - 1000));
    await utimes(recent, NOW, NOW);
    const repository = fakeRepository({ unneeded: [replaced.buildUuid] });

    await expect(housekeeping(apiDir, repository, api).removeUnneededCopies(NOW)).resolves.toEqual({ files: 2, bytes: 11 });
    expect(repository.unneededBuilds).toHaveBeenCalledWith(
      expect.arrayContaining([replaced.buildUuid, current.buildUuid]),
      new Date(NOW.getTime() - GRACE_MS),
    );
    expect((await readdir(dirname(api.localPath(current)))).sort()).toEqual(
      [`${current.buildUuid}.parquet`, recent.split('/').pop()].sort(),
    );
    // Copies only: the bucket and the worker's files are the maintenance purge's.
    expect(await keys(`pre-aggregates/${replaced.projectUuid}/`)).toHaveLength(2);
  });

  it('leaves local-only rollups to the builds and the maintenance purge', async () => {
    const local = new LocalRollupFiles(workerDir);
    const path = rollupFile(workerDir, randomUUID(), 'daily', randomUUID());
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, 'x');
    const repository = fakeRepository({ unneeded: [path.split('/').pop()!.replace('.parquet', '')] });
    await expect(housekeeping(workerDir, repository, new LocalRollupStore(local)).removeUnneededCopies(NOW)).resolves.toEqual({
      files: 0,
      bytes: 0,
    });
    await expect(readFile(path, 'utf8')).resolves.toBe('x');
  });

  it('removes every rollup of a deleted project from the bucket and the disk', async () => {
    const kept = await published();
    const deleted = await published(randomUUID(), '12345');
    await published(deleted.projectUuid, '123');
    const repository = fakeRepository({ deletedProjects: [deleted.projectUuid] });

    await expect(housekeeping(workerDir, repository).removeDeletedProjects()).resolves.toMatchObject({ files: 2, bytes: 8, failures: [] });
    expect(await keys(`pre-aggregates/${deleted.projectUuid}/`)).toEqual([]);
    expect(await keys(`pre-aggregates/${kept.projectUuid}/`)).toEqual([kept.objectKey]);
    expect(await readdir(join(workerDir, 'pre-aggregates'))).toEqual([kept.projectUuid]);
  });

  it("removes a deleted project's local folder in any process, leaving the bucket to the purge", async () => {
    const deleted = await published();
    const api = s3Store(apiDir);
    await api.fetch(deleted);
    const repository = fakeRepository({ deletedProjects: [deleted.projectUuid] });

    await expect(housekeeping(apiDir, repository, api).removeDeletedProjectsHere()).resolves.toEqual({ files: 1, bytes: 7 });
    expect(await readdir(join(apiDir, 'pre-aggregates'))).toEqual([]);
    expect(await keys(`pre-aggregates/${deleted.projectUuid}/`)).toEqual([deleted.objectKey]);
  });
});
