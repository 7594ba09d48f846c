import IORedis from 'ioredis';

/** Resolves when Redis answers PING within a few seconds, else rejects with the reason. */
export async function checkRedis(url: string): Promise<void> {
  const client = new IORedis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
}
