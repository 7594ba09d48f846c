import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { type DynamicModule } from '@nestjs/common';
import { AppConfig } from '@quarry/server/config';
import { LoggerModule } from 'nestjs-pino';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's request id when it is sane, else makes one; echoed as `x-request-id`. */
export function requestId(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  response.setHeader('x-request-id', id);
  return id;
}

/** Structured JSON logs for a process; in the API, one line per request with its request id. */
export function createLoggerModule(service: 'api' | 'worker'): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [AppConfig],
    useFactory: (config: AppConfig) => ({
      pinoHttp: {
        level: config.log.level,
        base: { service, pid: process.pid },
        genReqId: requestId,
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/v1/health' },
      },
    }),
  });
}
