import { type _Object, DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

export interface S3DeleteOutcome {
  deleted: _Object[];
  /** Objects S3 refused to delete, with its reason. */
  failures: Array<{ key: string; code: string }>;
}

/** Every object under `prefix`, a page (ListObjectsV2, at most 1000 keys) at a time. */
export async function* listS3Objects(client: S3Client, bucket: string, prefix: string, pageSize = 1000): AsyncGenerator<_Object> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: pageSize, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) if (object.Key) yield object;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes the objects, 1000 per request; what S3 refused is reported, not thrown. */
export async function deleteS3Objects(client: S3Client, bucket: string, objects: readonly _Object[]): Promise<S3DeleteOutcome> {
  const deleted: _Object[] = [];
  const failures: S3DeleteOutcome['failures'] = [];
  for (let start = 0; start < objects.length; start += DELETE_BATCH) {
    const batch = objects.slice(start, start + DELETE_BATCH);
    const answer = await client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((object) => ({ Key: object.Key })), Quiet: true } }),
    );
    const refused = new Map((answer.Errors ?? []).map((error) => [error.Key, error.Code ?? 'unknown']));
    for (const object of batch) {
      const code = refused.get(object.Key);
      if (code === undefined) deleted.push(object);
      else failures.push({ key: object.Key as string, code });
    }
  }
  return { deleted, failures };
}
