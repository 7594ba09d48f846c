import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { TooManyRequestsError } from '@quarry/domain';
import type { Response } from 'express';

import { describeError } from './error-body';

/** Every failure leaves the API as `{ status: "error", error: {...} }`; stacks stay in the logs. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const described = describeError(exception);
    if (described.errorId) {
      this.logger.error({ errorId: described.errorId, err: exception }, 'Unexpected error while handling a request');
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    if (exception instanceof TooManyRequestsError) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(described.statusCode).json(described.body);
  }
}
