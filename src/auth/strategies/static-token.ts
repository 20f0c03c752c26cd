import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A secret fixed by configuration (ADMIN_TOKEN, METRICS_TOKEN), presented as `Authorization:
 * Bearer …`. Without the setting nothing matches: no deployment is open by accident. Fixed-length
 * digests keep the comparison constant-time whatever the presented token's length.
 */
export class StaticToken {
  private readonly expected: Buffer | null;

  constructor(token: string | undefined) {
    this.expected = token ? digest(token) : null;
  }

  /** Whether an `Authorization` header carries the token. */
  isIn(authorization: string | undefined): boolean {
    const token = bearerToken(authorization);
    return this.expected !== null && token !== null && timingSafeEqual(digest(token), this.expected);
  }
}
