// A local S3-compatible server for tests: s3rver (npm) on 127.0.0.1, a free port, one bucket.
// Run it as `node --openssl-legacy-provider local-s3-server.cjs <directory> <bucket>`: s3rver's
// ListObjectsV2 continuation tokens use DES, which Node 17+ only has with the legacy provider.
// It prints {"port": N} on one line once listening; SIGTERM stops it.
//
// s3rver lacks AbortMultipartUpload (DELETE ?uploadId); this adds it: the upload's parts, which
// s3rver keeps in <directory>/<bucket>/._S3rver_uploads/<uploadId>/, are removed.
'use strict';

const { rm, stat } = require('node:fs/promises');
const { join } = require('node:path');

const S3rver = require('s3rver');

async function main() {
  const [directory, bucket] = process.argv.slice(2);
  if (!directory || !bucket) throw new Error('usage: local-s3-server.cjs <directory> <bucket>');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const target = ctx.path.split('/')[1];
    const parts = join(server.store.getResourcePath(target, undefined, 'uploads'), uploadId.replace(/[^A-Za-z0-9]/g, ''));
    const exists = await stat(parts).then(
      () => true,
      () => false,
    );
    if (!exists) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return undefined;
    }
    await rm(parts, { recursive: true, force: true });
    ctx.status = 204;
    return undefined;
  });
  const address = await server.run();
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  // SIGTERM ends the process at once (its default): everything is on disk, which the caller removes.
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
