import { join } from 'node:path';

/** Every rollup file lives under this directory, in one folder per project (see rollupProjectDirectory). */
export function rollupRoot(dataDir: string): string {
  return join(dataDir, 'pre-aggregates');
}

/** DATA_DIR/pre-aggregates/<projectUuid>: every rollup of one project, and the only folder its rollup SQL may read. */
export function rollupProjectDirectory(dataDir: string, projectUuid: string): string {
  return join(rollupRoot(dataDir), projectUuid);
}

/** DATA_DIR/pre-aggregates/<projectUuid>/<name>: a pre-aggregate's builds, one Parquet file each. */
export function rollupDirectory(dataDir: string, projectUuid: string, name: string): string {
  return join(rollupProjectDirectory(dataDir, projectUuid), name);
}

export function rollupFile(dataDir: string, projectUuid: string, name: string, buildUuid: string): string {
  return join(rollupDirectory(dataDir, projectUuid, name), `${buildUuid}.parquet`);
}

/** The bucket's folder of every rollup object (with S3 configured): `pre-aggregates/<projectUuid>/<name>/<buildUuid>.parquet`. */
export const ROLLUP_OBJECT_PREFIX = 'pre-aggregates/';

export function rollupProjectPrefix(projectUuid: string): string {
  return `${ROLLUP_OBJECT_PREFIX}${projectUuid}/`;
}

export function rollupObjectKey(projectUuid: string, name: string, buildUuid: string): string {
  return `${rollupProjectPrefix(projectUuid)}${name}/${buildUuid}.parquet`;
}

/** How SQL reads a rollup file (paths are ours: uuids and validated names, quoted anyway). */
export function rollupRelationSql(filePath: string): string {
  return `read_parquet('${filePath.replaceAll("'", "''")}')`;
}
