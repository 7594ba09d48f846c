// Apart from the rest of @quarry/server/common: the AWS SDK they load is ≈ 7 MB resident, which
// a process without S3 settings never needs (its stores are imported only when S3 is configured).
export * from './s3-client';
export * from './s3-objects';
