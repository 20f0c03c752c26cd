import { createHmac } from 'node:crypto';
import { webhookSecretKey } from '../webhook-secret';

/**
 * The `webhook-signature` header of Standard Webhooks: HMAC-SHA256 over `id.timestamp.body` with the
 * secret's bytes, base64, versioned `v1,`. The body must be signed exactly as sent.
 */
export function webhookSignature(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', webhookSecretKey(secret)).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}
