import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

export interface OkEnvelope<T> {
  status: 'ok';
  results: T;
}

/** Wraps every successful result as `{ status: "ok", results }`. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, OkEnvelope<T>> {
  intercept(_: ExecutionContext, next: CallHandler<T>): Observable<OkEnvelope<T>> {
    return next.handle().pipe(map((results) => ({ status: 'ok' as const, results })));
  }
}
