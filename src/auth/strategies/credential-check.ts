import type { Principal } from '../principal';

/** An operator proved by ADMIN_TOKEN: no tenant, no key, no request limit. */
export interface Operator {
  operator: true;
}

export type Caller = Principal | Operator;

/** One way of proving who calls, judged from the `Authorization` header alone (before any body is read). */
export interface CredentialCheck<T extends Caller = Caller> {
  /** The caller the header proves, or null when it proves nobody (absent, malformed, unknown, revoked, expired). */
  verify(authorization: string | undefined): Promise<T | null>;
}
