import type { NestExpressApplication } from '@nestjs/platform-express';
import { createValidationPipe, RefuseNulBytesPipe } from '@quarry/server/common';
import { AppConfig } from '@quarry/server/config';
import { json } from 'express';

import { useSecurityHeaders } from './security-headers';

/** The one route whose body may carry a whole transform manifest inline (transform type `manifest`). */
const PROJECT_CREATION = '/api/v1/org/projects';

/** HTTP behaviour shared by the real server and in-process tests. */
export function configureApp(app: NestExpressApplication): void {
  app.disable('x-powered-by');
  useSecurityHeaders(app, app.get(AppConfig).server.siteUrl);
  // Parsing JSON blocks the event loop (a 10 MB body of a million filter values: ~100 ms on an
  // idle core), so bodies are small but where a manifest may come; a body over its limit is
  // refused (413) from its Content-Length, before a byte of it is read. The first parser that
  // reads a body marks it read: the general one then passes it by.
  const { bodyLimitBytes, projectBodyLimitBytes } = app.get(AppConfig).http;
  app.use(PROJECT_CREATION, json({ limit: projectBodyLimitBytes }));
  app.useBodyParser('json', { limit: bodyLimitBytes });
  // NUL characters first: no later pipe or handler sees a parameter holding one.
  app.useGlobalPipes(new RefuseNulBytesPipe(), createValidationPipe());
  app.enableShutdownHooks();
}
