/** The gateway's path; `:eventStoreRef` is the store's id or name, as in every family A path. */
export const WEBSOCKET_PATH = '/event-stores/:eventStoreRef/events/ws';

/** Client frames are small commands; anything larger is refused by `ws` (close 1009). */
export const MAX_CLIENT_FRAME_BYTES = 64 * 1024;
/** `clientId` query parameter: the caller's name for itself, generated when absent. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Events read per query, for replays and for each store's live feed. */
export const FEED_PAGE_SIZE = 500;
/** A store's feed reads at most this often, so that a busy store's events reach each socket in batches. */
export const FEED_READ_INTERVAL_MS = 10;
/** Bytes of frames the instance's replays together send per turn of the event loop (then other work is served). */
export const REPLAY_BYTES_PER_TURN = 64 * 1024;
/** Live events a subscription may hold in memory while its replay closes the last gap; beyond, it replays on from the database. */
export const MAX_BRIDGE_EVENTS = 10_000;

/** How often each instance re-checks its sockets' keys and stores and polls the stores it follows (DECISIONS §6: revocation within 2 s). */
export const AUDIT_INTERVAL_MS = 1000;
/** Registry entries live this long unless their instance refreshes them, so a crashed instance's entries lapse. */
export const REGISTRY_TTL_MS = 30_000;
export const REGISTRY_REFRESH_MS = 10_000;

/** On shutdown, how long the closing handshakes may take before the sockets are cut. */
export const SHUTDOWN_CLOSE_WAIT_MS = 2000;

export const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY_VIOLATION = 1008;
/**
 * The store's history was rolled back below what this socket was sent (an asynchronous standby
 * promoted without the last appends, a restore from a backup): positions it saw may be handed to
 * other events, so resuming from the last one would skip them. The client re-reads instead.
 */
export const CLOSE_HISTORY_ROLLED_BACK = 4001;
