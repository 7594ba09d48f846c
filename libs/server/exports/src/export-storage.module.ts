import { Module } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';

import { ExportFiles } from './export-files';
import { ExportStore } from './export-store';
import type { S3ExportStore } from './s3-export-store';

/** Injection token: the S3 store when S3_BUCKET is configured, else null (the maintenance job purges it). */
export const S3_EXPORT_STORE = Symbol('S3_EXPORT_STORE');

/**
 * Where export files go, chosen once from the configuration: S3-compatible storage when S3_BUCKET
 * is set, else DATA_DIR. `ExportFiles` stays available to the API's download route either way.
 */
@Module({
  providers: [
    ExportFiles,
    // Imported only when configured: the store loads the AWS SDK (≈ 7 MB resident).
    {
      provide: S3_EXPORT_STORE,
      useFactory: async (config: AppConfig): Promise<S3ExportStore | null> =>
        config.s3 ? new (await import('./s3-export-store')).S3ExportStore(config.s3) : null,
      inject: [AppConfig],
    },
    {
      provide: ExportStore,
      useFactory: (files: ExportFiles, s3: S3ExportStore | null): ExportStore => s3 ?? files,
      inject: [ExportFiles, S3_EXPORT_STORE],
    },
  ],
  exports: [ExportFiles, ExportStore, S3_EXPORT_STORE],
})
export class ExportStorageModule {}
