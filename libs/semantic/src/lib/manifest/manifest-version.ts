import { TransformProjectError } from '@quarry/domain';

import { isRecord } from '../util/is-record';

/** Manifest schema versions we read: dbt 1.3 (v7) to dbt 1.8+ (v12). Node shapes we use are stable across them. */
export const SUPPORTED_MANIFEST_VERSIONS = [7, 8, 9, 10, 11, 12] as const;

/**
 * The manifest's schema version, from `metadata.dbt_schema_version`
 * (`https://schemas.getdbt.com/dbt/manifest/v8.json`). Anything else is refused with a message
 * that says which versions work, since a newer dbt may have changed the shapes we read.
 */
export function manifestSchemaVersion(manifest: unknown): number {
  const metadata = isRecord(manifest) ? manifest['metadata'] : undefined;
  const schemaUrl = isRecord(metadata) ? metadata['dbt_schema_version'] : undefined;
  if (typeof schemaUrl !== 'string') {
    throw new TransformProjectError('Not a transform manifest: metadata.dbt_schema_version is missing', {
      supportedVersions: [...SUPPORTED_MANIFEST_VERSIONS],
    });
  }
  const match = /\/manifest\/v(\d+)\.json$/.exec(schemaUrl);
  const version = match ? Number(match[1]) : undefined;
  if (version === undefined || !(SUPPORTED_MANIFEST_VERSIONS as readonly number[]).includes(version)) {
    throw new TransformProjectError(
      `Unsupported manifest schema version "${schemaUrl}": supported versions are v${SUPPORTED_MANIFEST_VERSIONS[0]} to ` +
        `v${SUPPORTED_MANIFEST_VERSIONS.at(-1)}`,
      { dbtSchemaVersion: schemaUrl, supportedVersions: [...SUPPORTED_MANIFEST_VERSIONS] },
    );
  }
  return version;
}
