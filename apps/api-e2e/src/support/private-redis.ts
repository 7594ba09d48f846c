import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import IORedis from 'ioredis';

import { freePort, waitFor } from './processes';

/** A redis-server of a test's own on a free port, so stopping it never touches the machine's. */
export class PrivateRedis {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    /** With an append-only file synced on every write, as a production Redis keeps its queues. */
    private readonly dataDir?: string,
  ) {}

  static async start(options: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), options.persistent ? mkdtempSync(join(tmpdir(), 'quarry-redis-')) : undefined);
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    const persistence = this.dataDir ? ['--dir', this.dataDir, '--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    this.process = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
      stdio: 'ignore',
    });
    await waitFor(`redis on port ${this.port}`, async () => {
      const client = new IORedis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.ping()) === 'PONG' ? true : undefined;
      } finally {
        client.disconnect();
      }
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops it and removes its files. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
