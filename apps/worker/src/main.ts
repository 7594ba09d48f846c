import 'reflect-metadata';
// Stack traces in TypeScript terms. Not node --enable-source-maps: it reads and keeps every
// dependency's map as it loads (≈ 12 MB of heap); this reads a map when a stack needs it.
import 'source-map-support/register';

import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigError, loadConfig } from '@quarry/server/config';
import { Logger } from 'nestjs-pino';

import { exitAfterDeadline } from './jobs/bounded-shutdown';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  loadConfig(process.env, 'service', 'worker'); // fail fast, naming the bad variable, before Nest starts anything
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  exitAfterDeadline('SIGTERM');
  exitAfterDeadline('SIGINT');
  await app.init();
  logger.log({ concurrency: app.get(AppConfig).worker.concurrency }, 'Quarry worker started');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
