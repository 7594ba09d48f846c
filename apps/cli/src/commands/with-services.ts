import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfigValues, ConfigModule } from '@quarry/server/config';

import { CliModule } from '../cli.module';

/** Runs `work` with Quarry's services on the configured metadata DB, then closes everything. */
export async function withServices<T>(config: AppConfigValues, work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  @Module({ imports: [ConfigModule.forRoot(config), CliModule] })
  class CommandModule {}
  const app = await NestFactory.createApplicationContext(CommandModule, { logger: ['error', 'warn'] });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
