import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

import { DOCS_PATH } from './openapi';

/** One year, as helmet and the HSTS preload list advise. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The API answers JSON and CSV only: nothing it sends may run, load anything or be framed.
 * `default-src 'none'` also keeps a browser from rendering a hostile value as a page.
 */
const API_CSP = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
};

/**
 * Swagger UI (its own scripts and stylesheet from this server, an inline <style>, data: icons,
 * "Try it out" calls to this origin); never framed.
 */
const DOCS_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

function helmetOptions(contentSecurityPolicy: HelmetOptions['contentSecurityPolicy'], https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy,
    // X-Frame-Options for browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only when the public URL is https: over plain http browsers ignore it, and a
    // localhost answer that pins https would break every other local service on that name.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // The API is called cross-origin by scripts and tools; CORP/COOP/COEP govern browser
    // documents, which it does not serve besides the docs.
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Security headers on every answer (helmet), and `Cache-Control: no-store` on every API answer:
 * each one is a user's data, a token (token creation) or a file of rows, which no shared or
 * browser cache may keep. Swagger UI's static files keep their own caching.
 */
export function useSecurityHeaders(app: NestExpressApplication, siteUrl: string): void {
  const https = siteUrl.startsWith('https://');
  const docs = helmet(helmetOptions(DOCS_CSP, https));
  const api = helmet(helmetOptions(API_CSP, https));
  const docsPrefix = `/${DOCS_PATH}`;
  app.use((request: Request, response: Response, next: NextFunction) => {
    const inDocs = request.path === docsPrefix || request.path.startsWith(`${docsPrefix}/`) || request.path.startsWith(`${docsPrefix}-`);
    if (!inDocs) response.setHeader('Cache-Control', 'no-store');
    (inDocs ? docs : api)(request, response, next);
  });
}
