import { join } from 'node:path';

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PurgeExpiredResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { QueryHistoryRepository, TokensRepository } from '@quarry/server/database';
import { S3_EXPORT_STORE, type S3ExportStore } from '@quarry/server/exports';
import { RollupHousekeeping } from '@quarry/server/pre-aggregates';

import { purgeFilesOlderThan } from './expired-files';
import { purgeSqlRunnerResults } from './expired-sql-runner-results';

/** Where files that expire (exports, uploads in progress) live, under DATA_DIR; with S3 also the bucket's exports/. */
export const EXPIRING_FILES_DIR = 'files';

/** v2 query records outlive their results (QUERY_RESULTS_TTL_SECONDS) for a month, for auditing. */
export const QUERY_HISTORY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly tokens: TokensRepository,
    private readonly queryHistory: QueryHistoryRepository,
    /** Null unless S3_BUCKET is set. */
    @Inject(S3_EXPORT_STORE) private readonly s3: Pick<S3ExportStore, 'purgeOlderThan'> | null,
    private readonly rollups: RollupHousekeeping,
  ) {}

  async purgeExpired(now = new Date()): Promise<PurgeExpiredResult> {
    const tokensPurged = await this.tokens.deleteExpired(now);
    const queriesPurged = await this.queryHistory.deleteOlderThan(new Date(now.getTime() - QUERY_HISTORY_RETENTION_MS));
    const cutoff = new Date(now.getTime() - this.config.maintenance.fileRetentionMs);
    const files = await purgeFilesOlderThan(join(this.config.dataDir, EXPIRING_FILES_DIR), cutoff);
    // SQL runner results expire like exports, each organization's in its own folder.
    const results = await purgeSqlRunnerResults(this.config.dataDir, cutoff);
    files.files += results.files;
    files.bytes += results.bytes;
    // Local files are purged too with S3 configured: exports written before it was switched on.
    if (this.s3) {
      const objects = await this.s3.purgeOlderThan(cutoff);
      files.files += objects.files;
      files.bytes += objects.bytes;
      if (objects.failures.length > 0) {
        this.logger.warn(
          { failed: objects.failures.length, first: objects.failures.slice(0, 5) },
          'S3 refused to delete some expired export files; the next run tries again',
        );
      }
    }
    // Rollups replaced longer ago than the grace period, and every rollup of a deleted project (local and, with S3, in the bucket).
    for (const rollups of [await this.rollups.removeReplaced(undefined, now), await this.rollups.removeDeletedProjects()]) {
      files.files += rollups.files;
      files.bytes += rollups.bytes;
    }
    const result = { tokensPurged, queriesPurged, filesPurged: files.files, bytesFreed: files.bytes };
    this.logger.log(result, 'Purged expired tokens, query records and files');
    return result;
  }
}
