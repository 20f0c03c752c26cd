import type { Principal } from '../principal';

/** An operator proved by ADMIN_TOKEN: no tenant, no key, no request limit. */
export interface Operator {
  operator: true;
}

export type Caller = Principal | Operator;

/** A header being checked: the caller it proves, once that is known, and meanwhile the key this instance presumes it names. */
export interface Verification<T extends Caller = Caller> {
  /** The caller the header proves, or null when it proves nobody (absent, malformed, unknown, revoked, expired). */
  caller: Promise<T | null>;
  /**
   * The API key this instance remembers the header for, known before anything is awaited: `caller`
   * is that key's principal unless the key was revoked meanwhile, so work for it (counting the
   * request) can go on while the key is confirmed. Undefined when nothing is remembered, and for
   * any header that has not shown the key's own secret: a token naming a key it does not prove
   * would otherwise spend that key's request limit.
   */
  presumedApiKeyId?: string;
}

/** One way of proving who calls, judged from the `Authorization` header alone (before any body is read). */
export interface CredentialCheck<T extends Caller = Caller> {
  verify(authorization: string | undefined): Verification<T>;
}

/** The verification of a header that proves nobody. */
export const NOBODY: Verification<never> = { caller: Promise.resolve(null) };
