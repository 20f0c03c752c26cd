import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'esk_';
const VISIBLE_PREFIX_LENGTH = 12;

/** A fresh key: `esk_` + 32 random bytes, base64url. Only its hash is stored. */
export function generateApiKeySecret(): { key: string; prefix: string; hash: Buffer } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
