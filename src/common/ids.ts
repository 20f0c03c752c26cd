import { randomBytes } from 'node:crypto';

/** Opaque, prefixed, URL-safe ids (`es_7d0c…`): the prefix tells a reader what the id names. */
export function newId(prefix: 'es' | 'ten' | 'key' | 'sub' | 'dl' | 'wss' | 'conn' | 'cli' | 'con'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
