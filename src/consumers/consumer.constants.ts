/** A consumer's name: what clients, metrics and paths call it. */
export const CONSUMER_NAME_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const MAX_CONSUMER_NAME_LENGTH = 128;

export const ACK_TIMEOUT_LIMITS = { min: 1000, max: 3_600_000, default: 30_000 } as const;
export const MAX_DELIVERIES_LIMITS = { min: 1, max: 100, default: 5 } as const;

/**
 * Matching events past the checkpoint that a consumer holds as rows at once (pending and in flight;
 * parked ones aside): claims look only at these, so a consumer far behind costs the same per claim
 * as one that keeps up, and its table stays small. Refilled as events are acked.
 */
export const CONSUMER_WINDOW = 1000;

/** How often an instance looks at its consumers unprompted: expired leases, deletions, clients of crashed instances. */
export const CONSUMER_POLL_INTERVAL_MS = 1000;

/** A client whose instance has not confirmed it for this long counts as gone: its leases go back to the others. */
export const CONSUMER_CONNECTION_TTL_MS = 15_000;

/** SSE comment lines keep proxies from closing an idle stream. */
export const SSE_HEARTBEAT_INTERVAL_MS = 15_000;

/** Why a client's attachment ended, as its `unsubscribed` frame says. */
export type DetachReason = 'deleted' | 'unsubscribed' | 'shutdown' | 'checkpoint_moved';
