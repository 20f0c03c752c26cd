import { randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of 24 to 64 random bytes. */
const WEBHOOK_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function isWebhookSecret(value: unknown): value is string {
  const match = typeof value === 'string' ? WEBHOOK_SECRET.exec(value) : null;
  if (!match || match[1].length % 4 !== 0) return false;
  const bytes = Buffer.from(match[1], 'base64').length;
  return bytes >= MIN_SECRET_BYTES && bytes <= MAX_SECRET_BYTES;
}

/** The HMAC key a secret stands for. */
export function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}
