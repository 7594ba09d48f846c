import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { type _Object, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { OnModuleDestroy } from '@nestjs/common';
import { isUuid } from '@quarry/server/common';
import { createS3Client, deleteS3Objects, listS3Objects } from '@quarry/server/common/s3';
import type { S3Settings } from '@quarry/server/config';

import { ROLLUP_OBJECT_PREFIX, rollupObjectKey, rollupProjectPrefix } from '../rollup-location';
import { DOWNLOAD_SUFFIX, type LocalRollupFiles } from './local-rollup-files';
import { noneRemoved, type RemovableRollup, type RemovedRollups, type RollupRef, RollupStore, type StoredRollup } from './rollup-store';

const PARQUET = 'application/vnd.apache.parquet';
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

/**
 * Rollups in an S3 bucket (S3_BUCKET set), so that API processes need not share the worker's
 * DATA_DIR. The worker uploads each finished file to `pre-aggregates/<project>/<name>/<build>.parquet`
 * (in parts, a few in memory whatever the size) and keeps its local file; a process answering
 * from a build whose file it does not have downloads it once into its own
 * DATA_DIR/pre-aggregates — under a temporary name renamed into place, so DuckDB never sees half
 * a file, and concurrent requests share the download — and reads it there. DuckDB's httpfs is
 * not used: it cannot be installed offline.
 */
export class S3RollupStore extends RollupStore implements OnModuleDestroy {
  readonly inBucket = true;
  readonly client: S3Client;
  private readonly downloads = new Map<string, Promise<void>>();

  constructor(
    private readonly settings: S3Settings,
    private readonly local: LocalRollupFiles,
    private readonly options: { partSize?: number } = {},
  ) {
    super();
    this.client = createS3Client(settings);
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  async publish(build: { projectUuid: string; name: string; buildUuid: string }, filePath: string): Promise<StoredRollup> {
    const objectKey = rollupObjectKey(build.projectUuid, build.name, build.buildUuid);
    // A failed upload aborts its parts itself (lib-storage's default), and the build fails.
    await new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: objectKey, Body: createReadStream(filePath), ContentType: PARQUET },
      partSize: this.options.partSize ?? DEFAULT_PART_SIZE,
      queueSize: 2,
    }).done();
    return { filePath, objectKey };
  }

  localPath(rollup: RollupRef): string {
    // A build made before S3 was configured is only where the worker wrote it.
    return rollup.objectKey ? this.local.pathOf(rollup.projectUuid, rollup.name, rollup.buildUuid) : rollup.filePath;
  }

  async fetch(rollup: RollupRef): Promise<void> {
    if (!rollup.objectKey) return;
    const path = this.localPath(rollup);
    const running = this.downloads.get(path);
    if (running) return running;
    const download = this.download(rollup.objectKey, path).finally(() => this.downloads.delete(path));
    this.downloads.set(path, download);
    return download;
  }

  async remove(rollups: readonly RemovableRollup[]): Promise<RemovedRollups> {
    const removed = noneRemoved();
    const withObjects = rollups.filter((rollup) => rollup.objectKey);
    const { failures } = await deleteS3Objects(
      this.client,
      this.settings.bucket,
      withObjects.map((rollup) => ({ Key: rollup.objectKey as string })),
    );
    const refused = new Set(failures.map((failure) => failure.key));
    removed.failures.push(...failures);
    for (const rollup of rollups) {
      const size = await this.local.remove(rollup.filePath);
      // This process's own copy, when it is not the worker's file (its DATA_DIR differs).
      const copy = rollup.objectKey ? await this.local.remove(this.localPath(rollup)) : null;
      if (rollup.objectKey && refused.has(rollup.objectKey)) continue;
      removed.files += 1;
      removed.bytes += size ?? copy ?? (rollup.objectKey ? (rollup.bytes ?? 0) : 0);
      removed.removedBuilds.push(rollup.buildUuid);
    }
    return removed;
  }

  async storedProjects(): Promise<string[]> {
    const projects = new Set(await this.local.projects());
    // Every object, not "folders" (delimiter listings are not what every S3-compatible server does): a few per pre-aggregate.
    for await (const object of listS3Objects(this.client, this.settings.bucket, ROLLUP_OBJECT_PREFIX)) {
      const projectUuid = (object.Key as string).slice(ROLLUP_OBJECT_PREFIX.length).split('/')[0] as string;
      if (isUuid(projectUuid)) projects.add(projectUuid);
    }
    return [...projects];
  }

  async removeProject(projectUuid: string): Promise<RemovedRollups> {
    const removed = noneRemoved();
    if (!isUuid(projectUuid)) return removed;
    const objects: _Object[] = [];
    for await (const object of listS3Objects(this.client, this.settings.bucket, rollupProjectPrefix(projectUuid))) objects.push(object);
    const { deleted, failures } = await deleteS3Objects(this.client, this.settings.bucket, objects);
    const local = await this.local.removeProject(projectUuid);
    removed.files = Math.max(local.files, deleted.length);
    removed.bytes = Math.max(
      local.bytes,
      deleted.reduce((sum, object) => sum + (object.Size ?? 0), 0),
    );
    removed.failures = failures;
    return removed;
  }

  private async download(objectKey: string, path: string): Promise<void> {
    if ((await this.local.sizeOf(path)) !== null) return;
    await mkdir(dirname(path), { recursive: true });
    const partial = join(dirname(path), `.${basename(path)}.${randomUUID()}${DOWNLOAD_SUFFIX}`);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: objectKey }));
      if (!answer.Body) throw new Error(`The bucket answered no body for ${objectKey}`);
      await pipeline(answer.Body as Readable, createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}
