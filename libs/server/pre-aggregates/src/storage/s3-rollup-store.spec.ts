import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { S3Credentials } from '@quarry/server/config';
import { LOCAL_S3_CREDENTIALS, type LocalS3, startLocalS3 } from '@quarry/testing';

import { rollupFile } from '../rollup-location';
import { LocalRollupFiles } from './local-rollup-files';
import type { RollupRef } from './rollup-store';
import { S3RollupStore } from './s3-rollup-store';

/** Integration tier: rollups in a local S3-compatible server (s3rver), a worker's and an API's DATA_DIR apart. */
describe('S3RollupStore against a local S3 server', () => {
  let s3: LocalS3;
  let workerDir: string;
  let apiDir: string;
  const stores: S3RollupStore[] = [];
  /** The S3 commands each store sent, by name. */
  const sent = new Map<S3RollupStore, string[]>();

  function store(dataDir: string): S3RollupStore {
    const settings = {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      credentials: new S3Credentials(LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey),
      forcePathStyle: true,
      urlExpiresSeconds: 600,
    };
    const created = new S3RollupStore(settings, new LocalRollupFiles(dataDir));
    const names: string[] = [];
    created.client.middlewareStack.add(
      (next, context) => async (args) => {
        names.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize' },
    );
    sent.set(created, names);
    stores.push(created);
    return created;
  }

  async function keys(prefix = 'pre-aggregates/'): Promise<string[]> {
    const listed = await stores[0]!.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  }

  /** A finished rollup file where the worker writes it. */
  async function written(projectUuid: string, name: string, buildUuid: string, content: Buffer | string): Promise<string> {
    const path = rollupFile(workerDir, projectUuid, name, buildUuid);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    return path;
  }

  async function published(worker: S3RollupStore, content: Buffer | string = 'PAR1 rollup PAR1'): Promise<RollupRef> {
    const build = { projectUuid: randomUUID(), name: 'daily', buildUuid: randomUUID() };
    const stored = await worker.publish(build, await written(build.projectUuid, build.name, build.buildUuid, content));
    return { ...build, ...stored };
  }

  beforeAll(async () => {
    s3 = await startLocalS3('quarry-rollups-test');
  }, 30_000);
  beforeEach(async () => {
    workerDir = await mkdtemp(join(tmpdir(), 'quarry-rollups-worker-'));
    apiDir = await mkdtemp(join(tmpdir(), 'quarry-rollups-api-'));
  });
  afterEach(async () => {
    await rm(workerDir, { recursive: true, force: true });
    await rm(apiDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const created of stores) created.onModuleDestroy();
    await s3?.close();
  });

  it('uploads a finished file to pre-aggregates/<project>/<name>/<build>.parquet and keeps the local one', async () => {
    const worker = store(workerDir);
    const content = Buffer.concat([Buffer.from('PAR1'), Buffer.alloc(64 * 1024, 'a'), Buffer.from('PAR1')]);
    const rollup = await published(worker, content);
    expect(rollup.objectKey).toBe(`pre-aggregates/${rollup.projectUuid}/daily/${rollup.buildUuid}.parquet`);
    expect(rollup.filePath).toBe(rollupFile(workerDir, rollup.projectUuid, 'daily', rollup.buildUuid));
    const object = await worker.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: rollup.objectKey as string }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(content)).toBe(true);
    expect(object.ContentType).toBe('application/vnd.apache.parquet');
    await expect(readFile(rollup.filePath)).resolves.toEqual(content);
  });

  it('downloads a build it does not have once into its own DATA_DIR, concurrent requests sharing the download', async () => {
    const rollup = await published(store(workerDir), 'PAR1 only in the bucket PAR1');
    const api = store(apiDir);
    const path = api.localPath(rollup);
    expect(path).toBe(rollupFile(apiDir, rollup.projectUuid, 'daily', rollup.buildUuid));
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);

    await Promise.all([api.fetch(rollup), api.fetch(rollup), api.fetch(rollup)]);
    await api.fetch(rollup);
    expect(sent.get(api)?.filter((name) => name === 'GetObjectCommand')).toHaveLength(1);
    await expect(readFile(path, 'utf8')).resolves.toBe('PAR1 only in the bucket PAR1');
    // No partial download is left beside it.
    expect(await readdir(dirname(path))).toEqual([`${rollup.buildUuid}.parquet`]);
  });

  it('reads a build where the worker wrote it when DATA_DIR is shared, without a download', async () => {
    const worker = store(workerDir);
    const rollup = await published(worker);
    const sharing = store(workerDir);
    expect(sharing.localPath(rollup)).toBe(rollup.filePath);
    await sharing.fetch(rollup);
    expect(sent.get(sharing)).toEqual([]);
  });

  it('reads a build made before S3 was configured from its recorded file', async () => {
    const api = store(apiDir);
    const legacy: RollupRef = {
      projectUuid: randomUUID(),
      name: 'daily',
      buildUuid: randomUUID(),
      filePath: '/old/data/pre-aggregates/x.parquet',
      objectKey: null,
    };
    expect(api.localPath(legacy)).toBe(legacy.filePath);
    await api.fetch(legacy);
    expect(sent.get(api)).toEqual([]);
  });

  it('fails a fetch whose object is missing, leaving no partial file', async () => {
    const api = store(apiDir);
    const missing: RollupRef = {
      projectUuid: randomUUID(),
      name: 'daily',
      buildUuid: randomUUID(),
      filePath: '/nowhere.parquet',
      objectKey: `pre-aggregates/${randomUUID()}/daily/${randomUUID()}.parquet`,
    };
    await expect(api.fetch(missing)).rejects.toThrow(/key does not exist/i);
    await expect(readdir(dirname(api.localPath(missing)))).resolves.toEqual([]);
  });

  it('removes a replaced build from the bucket, the worker file and this process copy', async () => {
    const worker = store(workerDir);
    const replaced = await published(worker, '1234567');
    const kept = await published(worker);
    const api = store(apiDir);
    await api.fetch(replaced);

    const removed = await api.remove([{ ...replaced, bytes: 7 }]);
    expect(removed).toEqual({ files: 1, bytes: 7, removedBuilds: [replaced.buildUuid], failures: [] });
    expect(await keys(`pre-aggregates/${replaced.projectUuid}/`)).toEqual([]);
    expect(await keys(`pre-aggregates/${kept.projectUuid}/`)).toEqual([kept.objectKey]);
    await expect(readFile(replaced.filePath)).rejects.toThrow(/ENOENT/);
    await expect(readFile(api.localPath(replaced))).rejects.toThrow(/ENOENT/);
  });

  it('lists the projects that have rollups, locally or in the bucket, and removes all of one', async () => {
    const worker = store(workerDir);
    const first = await published(worker, '12345');
    const second = await published(worker);
    await worker.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `pre-aggregates/${first.projectUuid}/hourly/${randomUUID()}.parquet`, Body: '123' }),
    );
    await worker.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'pre-aggregates/not-a-project/x.parquet', Body: 'x' }));
    await rm(join(workerDir, 'pre-aggregates', second.projectUuid), { recursive: true });

    expect(await worker.storedProjects()).toEqual(expect.arrayContaining([first.projectUuid, second.projectUuid]));
    expect(await worker.storedProjects()).not.toContain('not-a-project');
    const removed = await worker.removeProject(first.projectUuid);
    expect(removed).toMatchObject({ files: 2, bytes: 8, failures: [] });
    expect(await keys(`pre-aggregates/${first.projectUuid}/`)).toEqual([]);
    await expect(readdir(join(workerDir, 'pre-aggregates'))).resolves.not.toContain(first.projectUuid);
    expect(await keys(`pre-aggregates/${second.projectUuid}/`)).toEqual([second.objectKey]);
  });
});
