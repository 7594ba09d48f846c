import { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '@quarry/server/config';

/**
 * The client every S3 user of Quarry (export files, pre-aggregate rollups) builds from
 * S3_* settings, so they talk to the bucket the same way.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // The SDK's own reader is used only when no keys are configured (AWS_* variables, roles).
    ...(settings.credentials
      ? { credentials: { accessKeyId: settings.credentials.accessKeyId, secretAccessKey: settings.credentials.secretAccessKey } }
      : {}),
    // Many S3-compatible servers reject the SDK's default extra checksum headers; send them only where S3 requires them.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
}
