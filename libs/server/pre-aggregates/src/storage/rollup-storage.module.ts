import { Module } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';

import { LocalRollupFiles } from './local-rollup-files';
import { LocalRollupStore } from './local-rollup-store';
import { RollupCopiesSweeper } from './rollup-copies-sweeper';
import { RollupHousekeeping } from './rollup-housekeeping.service';
import { RollupStore } from './rollup-store';

/**
 * Where rollup files are kept, chosen once from the configuration as export files are: also in
 * the S3 bucket when S3_BUCKET is set, else on local disk only. Shared by the pre-aggregates
 * (builds, queries) and the maintenance purge.
 */
@Module({
  providers: [
    { provide: LocalRollupFiles, useFactory: (config: AppConfig) => new LocalRollupFiles(config.dataDir), inject: [AppConfig] },
    {
      provide: RollupStore,
      // Imported only when configured: the store loads the AWS SDK (≈ 7 MB resident).
      useFactory: async (config: AppConfig, local: LocalRollupFiles): Promise<RollupStore> =>
        config.s3 ? new (await import('./s3-rollup-store')).S3RollupStore(config.s3, local) : new LocalRollupStore(local),
      inject: [AppConfig, LocalRollupFiles],
    },
    RollupHousekeeping,
    RollupCopiesSweeper,
  ],
  exports: [LocalRollupFiles, RollupStore, RollupHousekeeping],
})
export class RollupStorageModule {}
