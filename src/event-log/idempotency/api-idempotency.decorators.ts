import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IDEMPOTENT_REPLAYED_HEADER } from './replay-marker.decorator';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-request.decorator';

/** Documents the optional Idempotency-Key header of an append. */
export const ApiIdempotencyKey = () =>
  applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      schema: { type: 'string', maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      description:
        'Makes the append safe to retry for 24 hours: the same key with the same request returns the first response ' +
        `(with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) and appends nothing; with a different request it is 409 IDEMPOTENCY_CONFLICT.`,
    }),
  );

/** The response header a replayed append carries. */
export const REPLAYED_RESPONSE_HEADERS = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: '`true` when this is the stored response of an earlier request with the same key',
    schema: { type: 'string' },
  },
};
