import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

export interface OkEnvelope<T> {
  status: 'ok';
  results: T;
}

/** Wraps every successful result as `{ status: "ok", results }`; file downloads go out as they are. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, OkEnvelope<T> | StreamableFile> {
  intercept(_: ExecutionContext, next: CallHandler<T>): Observable<OkEnvelope<T> | StreamableFile> {
    return next.handle().pipe(map((results) => (results instanceof StreamableFile ? results : { status: 'ok' as const, results })));
  }
}
