import IORedis, { type RedisOptions } from 'ioredis';

/**
 * Connections for the two kinds of Redis users. Workers block on Redis and must wait through an
 * outage (BullMQ requires maxRetriesPerRequest: null); request paths must fail fast instead, so
 * an unreachable Redis becomes a 503 at once rather than a hung request.
 */
export function createRedisConnection(url: string, kind: 'worker' | 'fail-fast', name: string): IORedis {
  const common: RedisOptions = {
    connectionName: name,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  const options: RedisOptions =
    kind === 'worker'
      ? { ...common, maxRetriesPerRequest: null, enableReadyCheck: false }
      : { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 };
  const connection = new IORedis(url, options);
  // Connection errors are reported through health and job failures; an unhandled 'error'
  // event would crash the process instead.
  connection.on('error', () => undefined);
  return connection;
}

/**
 * Waits (briefly) for a fail-fast connection to be ready: without an offline queue, commands sent
 * while it is still connecting — just after start, or during a reconnect — fail at once.
 */
export async function whenRedisReady(connection: IORedis, timeoutMs = 1_000): Promise<void> {
  if (connection.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      connection.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    connection.once('ready', done);
  });
}
