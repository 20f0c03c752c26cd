/** The BullMQ queue of webhook wake-ups: the API adds to it, only the worker processes it. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_HEADERS = 32;
export const MAX_WEBHOOK_HEADER_VALUE_LENGTH = 4096;

/** DECISIONS §4 bounds and §8 defaults of `retryPolicy`. */
export const RETRY_POLICY_LIMITS = {
  maxRetries: { min: 0, max: 20, default: 3 },
  backoffMultiplier: { min: 1, max: 10, default: 2 },
  initialBackoffMs: { min: 100, max: 3_600_000, default: 1000 },
} as const;

/** No wait between two attempts is longer than this, whatever the policy multiplies to. */
export const MAX_RETRY_DELAY_MS = 3_600_000;

/** Headers the delivery sets itself, or that would break the request's framing; a subscription may not send them. */
export const RESERVED_WEBHOOK_HEADERS = [
  'content-type',
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
];
