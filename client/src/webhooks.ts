import type { JsonObject, WebhookDelivery } from './types.js';

/** The delivery is not one the service signed with this secret, or is too old or too new to trust. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** Request headers as any server framework hands them: a `Headers` object, or a plain record (Node's `IncomingHttpHeaders`). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way. Default 300 s (Standard Webhooks' recommendation). */
  toleranceSeconds?: number;
  /** The current time, in milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
}

const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

function bodyBytes(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof rawBody === 'string') return encoder.encode(rawBody);
  return rawBody instanceof ArrayBuffer ? new Uint8Array(rawBody) : rawBody;
}

/**
 * Verifies a webhook delivery per Standard Webhooks and returns its typed body: HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` with the secret (`whsec_…`), compared in constant time
 * by Web Crypto against each `v1,` signature of `webhook-signature` (several are allowed, for secret
 * rotation), with `webhook-timestamp` within `toleranceSeconds` of now. Pass the body exactly as
 * received, before any JSON parsing: re-serialised JSON does not verify. Throws
 * `WebhookVerificationError` otherwise.
 */
export async function verifyWebhook<Type extends string = string, Data extends object = JsonObject>(
  secret: string,
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions = {},
): Promise<WebhookDelivery<Type, Data>> {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime');

  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(`The webhook-timestamp is more than ${tolerance} s away from now`);
  }

  const key = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.length === 0) throw new WebhookVerificationError('The secret is not a Standard Webhooks secret (whsec_ and base64)');
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const body = bodyBytes(rawBody);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  for (const candidate of signatures.split(' ')) {
    const [version, encoded] = candidate.split(',', 2);
    if (version !== 'v1' || !encoded) continue;
    const signature = base64Bytes(encoded);
    if (signature && (await subtle.verify('HMAC', cryptoKey, signature, signed))) {
      try {
        return JSON.parse(new TextDecoder().decode(body)) as WebhookDelivery<Type, Data>;
      } catch {
        throw new WebhookVerificationError('The signed body is not JSON');
      }
    }
  }
  throw new WebhookVerificationError('No webhook-signature matches the body and secret');
}
