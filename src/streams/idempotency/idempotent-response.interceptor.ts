import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { IdempotentResponse } from './idempotent-response';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Unwraps an IdempotentResponse and marks replays with `Idempotent-Replayed: true`. */
@Injectable()
export class IdempotentResponseInterceptor implements NestInterceptor {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value) => {
        if (!(value instanceof IdempotentResponse)) return value;
        if (value.replayed) {
          this.adapterHost.httpAdapter.setHeader(context.switchToHttp().getResponse(), IDEMPOTENT_REPLAYED_HEADER, 'true');
        }
        return value.body;
      }),
    );
  }
}
