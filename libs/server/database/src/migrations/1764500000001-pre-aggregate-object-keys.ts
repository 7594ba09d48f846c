import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups in S3 (issue 16): with S3_BUCKET set, a build's Parquet file is also uploaded to the
 * bucket, whose key is recorded beside the worker's local path. API processes that do not share
 * the worker's DATA_DIR download it from there. Null for builds kept on local disk only.
 */
export class PreAggregateObjectKeys1764500000001 implements MigrationInterface {
  name = 'PreAggregateObjectKeys1764500000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE pre_aggregate_builds ADD COLUMN object_key text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE pre_aggregate_builds DROP COLUMN object_key`);
  }
}
