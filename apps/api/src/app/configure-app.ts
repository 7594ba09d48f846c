import type { NestExpressApplication } from '@nestjs/platform-express';
import { createValidationPipe, RefuseNulBytesPipe } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';

import { useSecurityHeaders } from './security-headers';

/** HTTP behaviour shared by the real server and in-process tests. */
export function configureApp(app: NestExpressApplication): void {
  app.disable('x-powered-by');
  useSecurityHeaders(app, app.get(AppConfig).server.siteUrl);
  // Inline manifests (transform type `manifest`) can be large.
  app.useBodyParser('json', { limit: '50mb' });
  // NUL characters first: no later pipe or handler sees a parameter holding one.
  app.useGlobalPipes(new RefuseNulBytesPipe(), createValidationPipe());
  app.enableShutdownHooks();
}
