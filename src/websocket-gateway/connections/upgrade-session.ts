import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../auth/principal';

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

/** The upgrade request, carrying the store reference the adapter matched and, once authorized, the session. */
export interface UpgradeRequest extends IncomingMessage {
  eventStoreRef?: string;
  session?: UpgradeSession;
}
