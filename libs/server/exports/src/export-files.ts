import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';

import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@quarry/domain';
import { AppConfig } from '@quarry/server/config';

import type { ExportAttempt, ExportFileTarget, ExportStore, StagedExportFile } from './export-store';

/** Under DATA_DIR/files, which the maintenance job purges after FILE_RETENTION_HOURS. */
const EXPORTS_DIR = join('files', 'exports');
/** Where attempts write; never served, so a half-written file is never visible. */
const PARTIAL_DIR = '.partial';

export interface StoredFile {
  fileName: string;
  size: number;
  stream: ReadStream;
}

/**
 * Export files on local disk, one directory per job: an attempt writes under a temporary name and
 * renames the finished file into the job's directory, replacing whatever an earlier attempt of
 * the same job left — so a retried or resumed job ends with exactly one complete file. The API
 * serves it at `/api/v1/projects/{projectUuid}/csv/{jobId}` (token and job owner checked there).
 */
@Injectable()
export class ExportFiles implements ExportStore {
  constructor(private readonly config: AppConfig) {}

  /** A write stream for a job's file in progress, and how to publish or discard it. */
  async begin(target: ExportFileTarget): Promise<ExportAttempt> {
    const { jobId, projectUuid } = target;
    const root = this.root();
    const partial = join(root, PARTIAL_DIR, `${jobId}.part`);
    await mkdir(join(root, PARTIAL_DIR), { recursive: true });
    const stream = createWriteStream(partial);
    return {
      stream,
      commit: (fileName: string) => this.publish(partial, { jobId, projectUuid }, fileName),
      discard: () => rm(partial, { force: true }),
    };
  }

  /** The engine's file is cut to its length and renamed into place (DATA_DIR holds both, so the rename is atomic). */
  async stage(target: ExportFileTarget, directory: string): Promise<StagedExportFile> {
    const path = join(directory, `${target.jobId}.csv`);
    await mkdir(directory, { recursive: true });
    let committed = false;
    return {
      path,
      commit: async (fileName: string, bytes: number) => {
        await truncate(path, bytes);
        const published = await this.publish(path, target, fileName);
        committed = true;
        return published;
      },
      discard: async () => {
        if (!committed) await rm(path, { force: true });
      },
    };
  }

  /** Moves a finished file into the job's directory, replacing whatever an earlier attempt left. */
  private async publish(
    file: string,
    { jobId, projectUuid }: Pick<ExportFileTarget, 'jobId' | 'projectUuid'>,
    fileName: string,
  ): Promise<{ fileUrl: string }> {
    const directory = join(this.root(), jobId);
    await rm(directory, { recursive: true, force: true });
    await mkdir(directory, { recursive: true });
    await rename(file, join(directory, fileName));
    return { fileUrl: `${this.config.server.siteUrl}/api/v1/projects/${projectUuid}/csv/${jobId}` };
  }

  async open(jobId: string): Promise<StoredFile> {
    const directory = join(this.root(), jobId);
    const names = await readdir(directory).catch(() => [] as string[]);
    const fileName = names.find((name) => !name.startsWith('.'));
    if (fileName === undefined) throw new NotFoundError('This export file does not exist or has expired', { jobId });
    const path = join(directory, fileName);
    const { size } = await stat(path);
    return { fileName, size, stream: createReadStream(path) };
  }

  private root(): string {
    return join(this.config.dataDir, EXPORTS_DIR);
  }
}
