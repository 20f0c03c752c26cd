import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import { ValidationError } from '../../common/errors/common.errors';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface IdempotencyRequest {
  key: string;
  /** Method, the literal path and the body with sorted keys (DECISIONS §5), hashed. */
  fingerprint: string;
}

/**
 * The request's `Idempotency-Key` with its fingerprint, or undefined when the header is absent.
 * The path is taken as sent, so one key used through a store's id and through its name names two
 * different requests.
 */
export const Idempotency = createParamDecorator((_data: unknown, context: ExecutionContext): IdempotencyRequest | undefined => {
  const request = context.switchToHttp().getRequest();
  const key: unknown = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ValidationError([
      { field: 'Idempotency-Key', message: `Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters` },
    ]);
  }
  const path = String(request.url).split('?')[0];
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${path} ${stringify(request.body ?? null)}`)
    .digest('hex');
  return { key, fingerprint };
});
