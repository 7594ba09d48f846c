import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { createInterface } from 'node:readline';

/** Keys s3rver accepts (it checks the key id; it does not verify SigV4 signatures). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** S3_* variables for a Quarry process using this server. */
  env: Record<string, string>;
  /** Keys of the bucket's objects under `prefix`, sorted (read from the server's directory). */
  keys(prefix?: string): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): Promise<string[]>;
  /** Sets an object's LastModified (s3rver reads it from the stored file's mtime). */
  setLastModified(key: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** s3rver keeps each object as `<bucket>/<key>._S3rver_object`. */
const OBJECT_SUFFIX = '._S3rver_object';

/** The server script, beside this file; run from the sources, in tests only. */
export const LOCAL_S3_SERVER_SCRIPT = join(__dirname, 'local-s3-server.cjs');

/** Starts s3rver in a child process on a free port, over a temporary directory removed by close(). */
export async function startLocalS3(bucket = 'quarry-exports-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'quarry-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', LOCAL_S3_SERVER_SCRIPT, directory, bucket], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local S3 server did not start in 20 s: ${stderr}`)), 20_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The local S3 server exited: ${stderr}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = join(directory, bucket);
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async (prefix = '') => {
      const files = (await readdir(bucketDir, { recursive: true }).catch(() => [] as string[])) as string[];
      return files
        .filter((file) => file.endsWith(OBJECT_SUFFIX) && !file.startsWith('._S3rver_uploads'))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    pendingUploads: () => readdir(join(bucketDir, '._S3rver_uploads')).catch(() => []),
    setLastModified: async (key, at) => {
      const segments = key.split('/');
      const last = segments.pop() as string;
      const file = join(bucketDir, ...segments, `${last}${OBJECT_SUFFIX}`);
      await utimes(file, at, at);
    },
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
