import { join } from 'node:path';

import { Injectable, Logger } from '@nestjs/common';
import type { PurgeExpiredResult } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import { TokensRepository } from '@quarry/server/database';

import { purgeFilesOlderThan } from './expired-files';

/** Where files that expire (exports, uploads in progress) live, under DATA_DIR. */
export const EXPIRING_FILES_DIR = 'files';

@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly tokens: TokensRepository,
  ) {}

  async purgeExpired(now = new Date()): Promise<PurgeExpiredResult> {
    const tokensPurged = await this.tokens.deleteExpired(now);
    const cutoff = new Date(now.getTime() - this.config.maintenance.fileRetentionMs);
    const files = await purgeFilesOlderThan(join(this.config.dataDir, EXPIRING_FILES_DIR), cutoff);
    const result = { tokensPurged, filesPurged: files.files, bytesFreed: files.bytes };
    this.logger.log(result, 'Purged expired tokens and files');
    return result;
  }
}
