export * from './crypto/secret-box';
export * from './errors/error-body';
export * from './errors/error-envelope.filter';
export * from './errors/http-status';
export * from './errors/unknown-properties';
export * from './errors/validation';
export * from './http/absent-or-valid.decorator';
export * from './http/api-envelope.dto';
export * from './http/current-user.decorator';
export * from './http/discriminated.decorator';
export * from './http/endpoint.decorator';
export * from './http/enveloped.decorator';
export * from './http/public.decorator';
export * from './http/uuid-param.pipe';
export * from './logging/logger.module';
// The S3 helpers are `@quarry/server/common/s3`: importing them loads the AWS SDK.
