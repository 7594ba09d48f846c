import { type DynamicModule, type INestApplicationContext, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfigValues, ConfigModule } from '@quarry/server/config';
import { ProjectsModule } from '@quarry/server/projects';
import { QueueModule } from '@quarry/server/queue';

import { CliModule } from '../cli.module';

/**
 * Runs `work` with Quarry's services on the configured metadata DB, then closes everything.
 * `withProjects` adds the project services and the queue they submit compiles to.
 */
export async function withServices<T>(
  config: AppConfigValues,
  work: (app: INestApplicationContext) => Promise<T>,
  options: { withProjects?: boolean } = {},
): Promise<T> {
  const extra: Array<Type<unknown> | DynamicModule> = options.withProjects ? [QueueModule.forRoot('producer'), ProjectsModule] : [];
  @Module({ imports: [ConfigModule.forRoot(config), CliModule, ...extra] })
  class CommandModule {}
  const app = await NestFactory.createApplicationContext(CommandModule, { logger: ['error', 'warn'] });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
