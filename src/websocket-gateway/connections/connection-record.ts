/** A WebSocket subscription as the registry shows it to every instance. */
export interface SubscriptionRecord {
  subscriptionId: string;
  eventFilter: string;
  createdAt: string;
  /** As of the owning instance's last registry write (at most REGISTRY_REFRESH_MS old). */
  lastProcessedEventGlobalPosition: number;
  lastDeliveryAttempt: string | null;
}

/** One open socket, as kept in Redis for listings and closes from any instance (DECISIONS §9). */
export interface ConnectionRecord {
  connectionId: string;
  clientId: string;
  eventStoreId: string;
  apiKeyId: string;
  connectedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  subscriptions: SubscriptionRecord[];
  /** Epoch milliseconds after which the entry is stale: its instance stopped refreshing it. */
  expiresAt: number;
}
