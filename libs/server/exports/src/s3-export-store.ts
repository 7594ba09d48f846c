import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';

import { type _Object, AbortMultipartUploadCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { createS3Client, deleteS3Objects, listS3Objects } from '@quarry/server/common/s3';
import type { S3Settings } from '@quarry/server/config';

import type { ExportAttempt, ExportFileTarget, ExportStore, StagedExportFile } from './export-store';

/** Every export object lives under this prefix, which the maintenance job purges. */
export const S3_EXPORTS_PREFIX = 'exports/';

export interface S3ExportStoreOptions {
  /** Bytes per multipart part (S3's minimum is 5 MiB). An upload holds about (queueSize + 1) parts in memory. */
  partSize?: number;
  /** Parts uploaded at once. */
  queueSize?: number;
  /** Keys per ListObjectsV2 page (S3 answers at most 1000). */
  listPageSize?: number;
}

export interface S3PurgeOutcome {
  files: number;
  bytes: number;
  /** Objects S3 refused to delete, with its reason; they are tried again on the next run. */
  failures: Array<{ key: string; code: string }>;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

/**
 * The stream an attempt writes, and the one the upload reads. Two streams, not one: when an upload
 * fails, lib-storage stops reading its body and destroys it with a bare AbortError; the writer
 * then just waits (back-pressure) until `begin` fails it with the upload's real error.
 */
function uploadBody(): { writer: Writable; body: PassThrough } {
  const body = new PassThrough();
  const writer = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (body.write(chunk)) callback();
      else body.once('drain', () => callback());
    },
    final(callback) {
      body.end();
      callback();
    },
    destroy(error, callback) {
      // The writer failed or was discarded: the upload must fail too, not complete a partial file.
      if (error || !body.writableEnded) body.destroy(error ?? new Error('Export attempt discarded'));
      callback(error);
    },
  });
  // Errors reach the writer's pipeline and the upload through their own listeners; these keep an
  // attempt discarded before anything was piped in from crashing the process with an unhandled 'error'.
  writer.on('error', () => undefined);
  body.on('error', () => undefined);
  return { writer, body };
}

/** `exports/<jobId>/`: everything one job's attempts uploaded. */
export function s3JobPrefix(jobId: string): string {
  return `${S3_EXPORTS_PREFIX}${jobId}/`;
}

/**
 * Export files in S3-compatible storage. An attempt streams its file as a multipart upload
 * (`@aws-sdk/lib-storage`: a few parts in memory whatever the size) to `exports/<jobId>/<attempt>`;
 * S3 shows the object only once the upload completes, and a failed upload is aborted so its parts
 * do not linger. Committing deletes the job's other objects — a retried job ends with one — and
 * answers a pre-signed GET URL that names the file (Content-Disposition) and lives
 * S3_URL_EXPIRES_SECONDS. The file name is chosen only at the end (it says whether rows were cut),
 * after the key is fixed: it travels in the URL, not in the key.
 */
export class S3ExportStore implements ExportStore, OnModuleDestroy {
  readonly client: S3Client;
  private readonly logger = new Logger(S3ExportStore.name);
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly listPageSize: number;

  constructor(
    private readonly settings: S3Settings,
    options: S3ExportStoreOptions = {},
  ) {
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.queueSize = options.queueSize ?? 2;
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = createS3Client(settings);
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  async begin({ jobId, contentType }: ExportFileTarget): Promise<ExportAttempt> {
    const bucket = this.settings.bucket;
    const key = `${s3JobPrefix(jobId)}${randomUUID()}`;
    const { writer, body } = uploadBody();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      partSize: this.partSize,
      queueSize: this.queueSize,
      // Aborted here instead, so that a failed abort is logged rather than replacing the upload's own error.
      leavePartsOnError: true,
    });
    const uploaded = upload.done().then(() => undefined);
    // A failed upload stops reading its body: fail the writer too, or its pipeline would wait forever.
    uploaded.catch((error: unknown) => writer.destroy(error instanceof Error ? error : new Error(String(error))));
    let aborted: Promise<void> | undefined;
    const abortParts = () => (aborted ??= this.abortMultipart(key, upload.uploadId));
    let committed = false;

    return {
      stream: writer,
      commit: async (fileName: string) => {
        if (!writer.writableFinished) throw new Error('An export file is committed only after its stream has ended');
        try {
          await uploaded;
        } catch (error) {
          await abortParts();
          throw error;
        }
        committed = true;
        return this.replaceEarlier(jobId, key, fileName, contentType);
      },
      discard: async () => {
        if (committed) return;
        // Unread data makes the upload fail; a stream already read to its end leaves a complete object.
        writer.destroy(new Error('Export attempt discarded'));
        const complete = await uploaded.then(
          () => true,
          () => false,
        );
        if (complete) await this.deleteObjects([{ Key: key }]);
        else await abortParts();
      },
    };
  }

  /**
   * The engine's file, staged on local disk, is uploaded when committed (lib-storage: in parts, a
   * few in memory whatever the size), then removed.
   */
  async stage({ jobId, contentType }: ExportFileTarget, directory: string): Promise<StagedExportFile> {
    const path = join(directory, `${jobId}.csv`);
    await mkdir(directory, { recursive: true });
    let committed = false;
    return {
      path,
      commit: async (fileName: string, bytes: number) => {
        const key = `${s3JobPrefix(jobId)}${randomUUID()}`;
        const body = bytes > 0 ? createReadStream(path, { start: 0, end: bytes - 1 }) : Buffer.alloc(0);
        const upload = new Upload({
          client: this.client,
          params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType },
          partSize: this.partSize,
          queueSize: this.queueSize,
          leavePartsOnError: true,
        });
        try {
          await upload.done();
        } catch (error) {
          await this.abortMultipart(key, upload.uploadId);
          throw error;
        }
        committed = true;
        await rm(path, { force: true });
        return this.replaceEarlier(jobId, key, fileName, contentType);
      },
      discard: async () => {
        if (!committed) await rm(path, { force: true });
      },
    };
  }

  /** Deletes the job's other objects — a retried job ends with one — and answers the URL of `key`. */
  private async replaceEarlier(jobId: string, key: string, fileName: string, contentType: string): Promise<{ fileUrl: string }> {
    const stale: _Object[] = [];
    for await (const object of this.list(s3JobPrefix(jobId))) if (object.Key !== key) stale.push(object);
    const { failures } = await this.deleteObjects(stale);
    if (failures.length > 0)
      throw new Error(`Could not remove an earlier export file of job ${jobId}: ${failures[0]?.key} (${failures[0]?.code})`);
    return { fileUrl: await this.presign(key, fileName, contentType) };
  }

  /** Deletes export objects last modified before `olderThan`, a page at a time. */
  async purgeOlderThan(olderThan: Date): Promise<S3PurgeOutcome> {
    const outcome: S3PurgeOutcome = { files: 0, bytes: 0, failures: [] };
    let page: _Object[] = [];
    const flush = async () => {
      const { deleted, failures } = await this.deleteObjects(page);
      outcome.files += deleted.length;
      outcome.bytes += deleted.reduce((sum, object) => sum + (object.Size ?? 0), 0);
      outcome.failures.push(...failures);
      page = [];
    };
    for await (const object of this.list(S3_EXPORTS_PREFIX)) {
      if (object.LastModified && object.LastModified.getTime() < olderThan.getTime()) page.push(object);
      if (page.length >= DELETE_BATCH) await flush();
    }
    await flush();
    return outcome;
  }

  private async presign(key: string, fileName: string, contentType: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: this.settings.urlExpiresSeconds });
  }

  private list(prefix: string): AsyncGenerator<_Object> {
    return listS3Objects(this.client, this.settings.bucket, prefix, this.listPageSize);
  }

  private deleteObjects(objects: _Object[]): Promise<{ deleted: _Object[]; failures: S3PurgeOutcome['failures'] }> {
    return deleteS3Objects(this.client, this.settings.bucket, objects);
  }

  /** An incomplete multipart upload is invisible but its parts cost storage: abort it. */
  private async abortMultipart(key: string, uploadId: string | undefined): Promise<void> {
    if (!uploadId) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      this.logger.warn(
        { key, uploadId, error: error instanceof Error ? error.message : String(error) },
        'Could not abort a failed multipart upload; its parts stay until a bucket lifecycle rule removes them',
      );
    }
  }
}
