import type { NestExpressApplication } from '@nestjs/platform-express';
import { createValidationPipe } from '@quarry/server/common';

/** HTTP behaviour shared by the real server and in-process tests. */
export function configureApp(app: NestExpressApplication): void {
  app.disable('x-powered-by');
  // Inline manifests (transform type `manifest`) can be large.
  app.useBodyParser('json', { limit: '50mb' });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
}
