export { LOCAL_S3_CREDENTIALS, LOCAL_S3_SERVER_SCRIPT, type LocalS3, startLocalS3 } from './local-s3';
