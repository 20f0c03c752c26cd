import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../auth/principal';
import type { DomainError } from '../../common/errors/domain-error';

/** What the upgrade established before the socket opened: who connects, to which store, as which client. */
export interface UpgradeSession {
  connectionId: string;
  clientId: string;
  principal: Principal;
  eventStoreId: string;
  connectedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * What the authorizer decided, with the headers the answer carries either way: the request limit's
 * `X-RateLimit-*` once the key is known (DECISIONS §7 counts upgrades as requests), a 429's `Retry-After`.
 */
export type UpgradeDecision =
  | { accepted: true; session: UpgradeSession; headers: Record<string, string> }
  | { accepted: false; error: DomainError; headers: Record<string, string> };

/** A refused upgrade: the error's own headers over those the decision had collected (the request limit's). */
export const refusedUpgrade = (error: DomainError, headers: Record<string, string> = {}): UpgradeDecision => ({
  accepted: false,
  error,
  headers: { ...headers, ...error.headers() },
});

/** The upgrade request, carrying the store reference the adapter matched and, once authorized, the decision. */
export interface UpgradeRequest extends IncomingMessage {
  eventStoreRef?: string;
  decision?: UpgradeDecision;
}
