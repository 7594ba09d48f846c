// First: sizes libuv's pool before anything uses it.
import './threadpool-size';
import 'reflect-metadata';
// Stack traces in TypeScript terms. Not node --enable-source-maps: it reads and keeps every
// dependency's map as it loads (≈ 12 MB of heap); this reads a map when a stack needs it.
import 'source-map-support/register';

import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, loadConfig } from '@quarry/server/config';
import { migrateDatabase } from '@quarry/server/database';
import { Logger } from 'nestjs-pino';

import { AppModule } from './app/app.module';
import { configureApp } from './app/configure-app';
import { buildOpenApiDocument, DOCS_PATH, serveSwaggerUi } from './app/openapi';

/**
 * Node closes an idle keep-alive connection after 5 s. A client that reuses one just as it closes
 * gets "other side closed" (seen from test clients whose event loop was busy for a few seconds),
 * and a load balancer with the usual 60 s idle timeout turns that race into 502s: the server
 * must keep idle connections longer than any proxy in front of it.
 */
function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** `main.js --openapi <file>` writes the OpenAPI document without connecting to anything. */
async function exportOpenApi(file: string): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { preview: true, logger: false });
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(app, loadConfig(process.env, 'launcher').query.maxLimit), null, 2)}\n`);
}

async function serve(): Promise<void> {
  const config = loadConfig();
  // Migrations run before anything else touches the database; an advisory lock serialises
  // concurrent API boots.
  await migrateDatabase(config.database.url as string);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  configureApp(app);
  serveSwaggerUi(app, buildOpenApiDocument(app, config.query.maxLimit));
  await app.listen(config.server.port, config.server.host);
  keepIdleConnectionsOpen(app.getHttpServer() as Server);
  logger.log(`Quarry API listening on ${config.server.siteUrl} (docs: ${config.server.siteUrl}/${DOCS_PATH})`);
}

const openApiFlag = process.argv.indexOf('--openapi');
const run = openApiFlag >= 0 ? exportOpenApi(process.argv[openApiFlag + 1] ?? 'openapi.json') : serve();
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
