import { join } from 'node:path';

import { Injectable, Logger } from '@nestjs/common';
import type { PurgeExpiredResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { QueryHistoryRepository, TokensRepository } from '@quarry/server/database';

import { purgeFilesOlderThan } from './expired-files';

/** Where files that expire (exports, uploads in progress) live, under DATA_DIR. */
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
  ) {}

  async purgeExpired(now = new Date()): Promise<PurgeExpiredResult> {
    const tokensPurged = await this.tokens.deleteExpired(now);
    const queriesPurged = await this.queryHistory.deleteOlderThan(new Date(now.getTime() - QUERY_HISTORY_RETENTION_MS));
    const cutoff = new Date(now.getTime() - this.config.maintenance.fileRetentionMs);
    const files = await purgeFilesOlderThan(join(this.config.dataDir, EXPIRING_FILES_DIR), cutoff);
    const result = { tokensPurged, queriesPurged, filesPurged: files.files, bytesFreed: files.bytes };
    this.logger.log(result, 'Purged expired tokens, query records and files');
    return result;
  }
}
