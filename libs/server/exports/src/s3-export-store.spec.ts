import { randomUUID } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { S3Credentials, type S3Settings } from '@quarry/server/config';
import { LOCAL_S3_CREDENTIALS, type LocalS3, startLocalS3 } from '@quarry/testing';

import { S3_EXPORTS_PREFIX, S3ExportStore, type S3ExportStoreOptions } from './s3-export-store';

const MiB = 1024 * 1024;
const CSV = 'text/csv; charset=utf-8';

/** `size` bytes in 64 KiB chunks, a different byte per MiB so that misplaced parts show. */
function* bytes(size: number): Generator<Buffer> {
  for (let offset = 0; offset < size; offset += 64 * 1024) {
    const length = Math.min(64 * 1024, size - offset);
    yield Buffer.alloc(length, 97 + (Math.floor(offset / MiB) % 26));
  }
}

function expected(size: number): Buffer {
  return Buffer.concat([...bytes(size)]);
}

async function write(stream: Writable, source: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<void> {
  await pipeline(Readable.from(source), stream);
}

async function* failingAfter(size: number): AsyncGenerator<Buffer> {
  yield* bytes(size);
  throw new Error('the warehouse went away');
}

describe('S3ExportStore against a local S3 server (s3rver)', () => {
  let s3: LocalS3;
  let settings: S3Settings;
  const stores: S3ExportStore[] = [];
  /** The S3 commands each store sent, by name. */
  const sent = new Map<S3ExportStore, string[]>();
  /** Bytes of parts S3 has acknowledged, per store. */
  const partBytes = new Map<S3ExportStore, number>();

  function store(options: S3ExportStoreOptions = {}, overrides: Partial<S3Settings> = {}): S3ExportStore {
    const created = new S3ExportStore({ ...settings, ...overrides }, { partSize: 5 * MiB, ...options });
    const names: string[] = [];
    created.client.middlewareStack.add(
      (next, context) => async (args) => {
        names.push(context.commandName ?? '?');
        const result = await next(args);
        const body = (args.input as { Body?: unknown }).Body;
        if (context.commandName === 'UploadPartCommand' && body instanceof Uint8Array)
          partBytes.set(created, (partBytes.get(created) ?? 0) + body.byteLength);
        return result;
      },
      { step: 'initialize' },
    );
    sent.set(created, names);
    stores.push(created);
    return created;
  }

  async function keys(prefix = S3_EXPORTS_PREFIX): Promise<string[]> {
    const listed = await stores[0]!.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  }

  async function objectBody(key: string): Promise<Buffer> {
    const answer = await stores[0]!.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  beforeAll(async () => {
    s3 = await startLocalS3();
    settings = {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      credentials: new S3Credentials(LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey),
      forcePathStyle: true,
      urlExpiresSeconds: 600,
    };
    store();
  }, 30_000);

  afterAll(async () => {
    for (const created of stores) created.onModuleDestroy();
    await s3?.close();
  });

  it('streams a multi-megabyte file in parts; commit shows exactly one object, downloadable from the pre-signed URL with plain fetch', async () => {
    const files = store({ queueSize: 2 });
    const jobId = randomUUID();
    const size = 32 * MiB + 123;
    const attempt = await files.begin({ jobId, projectUuid: randomUUID(), contentType: CSV });
    // Memory stays bounded: the writer is held back while parts upload, never far ahead of S3.
    let written = 0;
    let mostAhead = 0;
    async function* measured(): AsyncGenerator<Buffer> {
      for (const chunk of bytes(size)) {
        mostAhead = Math.max(mostAhead, written - (partBytes.get(files) ?? 0));
        written += chunk.length;
        yield chunk;
      }
    }
    await write(attempt.stream, measured());
    expect(mostAhead).toBeLessThan(4 * 5 * MiB);
    expect(await keys(`exports/${jobId}/`)).toEqual([]);
    const { fileUrl } = await attempt.commit('csv-orders-2026-01-01-00-00-00-0000.csv');

    const names = sent.get(files)!;
    expect(names.filter((name) => name === 'UploadPartCommand')).toHaveLength(7);
    expect(names).toEqual(expect.arrayContaining(['CreateMultipartUploadCommand', 'CompleteMultipartUploadCommand']));
    expect(names).not.toContain('PutObjectCommand');

    const stored = await keys(`exports/${jobId}/`);
    expect(stored).toEqual([expect.stringMatching(new RegExp(`^exports/${jobId}/[0-9a-f-]{36}$`))]);
    expect(await s3.pendingUploads()).toEqual([]);

    expect(fileUrl).toMatch(
      new RegExp(
        `^${s3.endpoint}/${s3.bucket}/exports/${jobId}/.*X-Amz-Signature=[0-9a-f]{64}.*X-Amz-Expires=600|X-Amz-Expires=600.*X-Amz-Signature=`,
      ),
    );
    const response = await fetch(fileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="csv-orders-2026-01-01-00-00-00-0000.csv"');
    expect(response.headers.get('content-type')).toBe(CSV);
    expect(Buffer.from(await response.arrayBuffer()).equals(expected(size))).toBe(true);
  }, 60_000);

  it('uploads a small file in one request', async () => {
    const files = store();
    const jobId = randomUUID();
    const attempt = await files.begin({ jobId, projectUuid: randomUUID(), contentType: CSV });
    await write(attempt.stream, [Buffer.from('\ufeffa,b\n1,2\n')]);
    const { fileUrl } = await attempt.commit('small.csv');
    expect(sent.get(files)).toContain('PutObjectCommand');
    expect(sent.get(files)).not.toContain('CreateMultipartUploadCommand');
    expect(Buffer.from(await (await fetch(fileUrl)).arrayBuffer()).toString('utf8')).toBe('\ufeffa,b\n1,2\n');
  });

  it('replaces what earlier attempts of the same job left, so a job ends with one object', async () => {
    const files = store();
    const jobId = randomUUID();
    const target = { jobId, projectUuid: randomUUID(), contentType: CSV };
    const first = await files.begin(target);
    await write(first.stream, [Buffer.from('one\n')]);
    await first.commit('one.csv');
    // An attempt whose worker died after its upload completed, before its commit.
    const orphan = await files.begin(target);
    await write(orphan.stream, [Buffer.from('orphan\n')]);
    while ((await keys(`exports/${jobId}/`)).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const retry = await files.begin(target);
    await write(retry.stream, bytes(6 * MiB));
    const { fileUrl } = await retry.commit('two.csv');

    const stored = await keys(`exports/${jobId}/`);
    expect(stored).toHaveLength(1);
    expect((await objectBody(stored[0]!)).equals(expected(6 * MiB))).toBe(true);
    expect((await fetch(fileUrl)).headers.get('content-disposition')).toBe('attachment; filename="two.csv"');
  }, 60_000);

  it('aborts the multipart upload of a failed attempt: no object and no parts are left', async () => {
    const files = store();
    const jobId = randomUUID();
    const attempt = await files.begin({ jobId, projectUuid: randomUUID(), contentType: CSV });
    await expect(write(attempt.stream, failingAfter(11 * MiB))).rejects.toThrow('the warehouse went away');
    await attempt.discard();
    expect(sent.get(files)).toEqual(
      expect.arrayContaining(['CreateMultipartUploadCommand', 'UploadPartCommand', 'AbortMultipartUploadCommand']),
    );
    expect(sent.get(files)).not.toContain('CompleteMultipartUploadCommand');
    expect(await keys(`exports/${jobId}/`)).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
  }, 60_000);

  it('discards an attempt never written to, or whose stream ended but that was not committed; ignores a discard after a commit', async () => {
    const files = store();
    const jobId = randomUUID();
    const target = { jobId, projectUuid: randomUUID(), contentType: CSV };
    const uncommitted = await files.begin(target);
    await write(uncommitted.stream, [Buffer.from('complete but unwanted\n')]);
    await uncommitted.discard();
    expect(await keys(`exports/${jobId}/`)).toEqual([]);

    const untouched = await files.begin(target);
    await untouched.discard();
    expect(await keys(`exports/${jobId}/`)).toEqual([]);

    const committed = await files.begin(target);
    await write(committed.stream, [Buffer.from('kept\n')]);
    await committed.commit('kept.csv');
    await committed.discard();
    expect(await keys(`exports/${jobId}/`)).toHaveLength(1);
  });

  it('fails the writer when the upload fails, rather than leaving it waiting', async () => {
    const files = store({}, { bucket: 'no-such-bucket' });
    const big = await files.begin({ jobId: randomUUID(), projectUuid: randomUUID(), contentType: CSV });
    await expect(write(big.stream, bytes(20 * MiB))).rejects.toThrow(/bucket does not exist/);
    await big.discard();

    const small = await files.begin({ jobId: randomUUID(), projectUuid: randomUUID(), contentType: CSV });
    await write(small.stream, [Buffer.from('x')]);
    await expect(small.commit('x.csv')).rejects.toThrow(/bucket does not exist/);
  }, 60_000);

  it('purges export objects last modified before the cutoff, page by page, and nothing else', async () => {
    const files = store({ listPageSize: 2 });
    const now = Date.now();
    const old = new Date(now - 48 * 3_600_000);
    const jobs = Array.from({ length: 5 }, () => randomUUID());
    const sizes = [10, 20, 30, 40, 50];
    for (const [index, jobId] of jobs.entries()) {
      const attempt = await files.begin({ jobId, projectUuid: randomUUID(), contentType: CSV });
      await write(attempt.stream, [Buffer.alloc(sizes[index]!, 120)]);
      await attempt.commit(`${index}.csv`);
    }
    await files.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'elsewhere/old.csv', Body: 'not an export' }));
    await s3.setLastModified('elsewhere/old.csv', old);
    const before = await keys();
    const oldKeys = before.filter((key) => [jobs[0], jobs[2], jobs[3]].some((jobId) => key.startsWith(`exports/${jobId}/`)));
    for (const key of oldKeys) await s3.setLastModified(key, old);

    const outcome = await files.purgeOlderThan(new Date(now - 24 * 3_600_000));

    expect(outcome).toEqual({ files: 3, bytes: 10 + 30 + 40, failures: [] });
    expect(await keys()).toEqual(before.filter((key) => !oldKeys.includes(key)));
    expect(await keys('elsewhere/')).toEqual(['elsewhere/old.csv']);
    expect(sent.get(files)!.filter((name) => name === 'ListObjectsV2Command').length).toBeGreaterThan(2);
  }, 60_000);

  it('uses the SDK credential chain when no keys are configured', async () => {
    const saved = { id: process.env['AWS_ACCESS_KEY_ID'], secret: process.env['AWS_SECRET_ACCESS_KEY'] };
    process.env['AWS_ACCESS_KEY_ID'] = LOCAL_S3_CREDENTIALS.accessKeyId;
    process.env['AWS_SECRET_ACCESS_KEY'] = LOCAL_S3_CREDENTIALS.secretAccessKey;
    try {
      const files = store({}, { credentials: undefined });
      const attempt = await files.begin({ jobId: randomUUID(), projectUuid: randomUUID(), contentType: CSV });
      await write(attempt.stream, [Buffer.from('chain\n')]);
      await expect(attempt.commit('chain.csv')).resolves.toEqual({ fileUrl: expect.stringContaining('X-Amz-Credential=S3RVER') });
    } finally {
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const unknown = store({}, { credentials: new S3Credentials('NOBODY', 'nothing') });
    const refused = await unknown.begin({ jobId: randomUUID(), projectUuid: randomUUID(), contentType: CSV });
    await write(refused.stream, [Buffer.from('x')]);
    await expect(refused.commit('x.csv')).rejects.toThrow(/Access Key Id you provided does not exist/);
  });
});
