import { Injectable } from '@nestjs/common';
import { ConnectionControl } from './connection-control';
import type { SubscriptionRecord } from './connection-record';
import { ConnectionRegistry } from './connection-registry';

/** A subscription made over an open socket, as the subscriptions endpoints show it (issue: listed while its socket is open). */
export interface WebSocketSubscription extends SubscriptionRecord {
  subscriberType: 'websocket';
  eventStoreId: string;
  connectionId: string;
  clientId: string;
}

/** What the subscriptions feature may know and do of WebSocket subscriptions, whichever instance holds their socket. */
@Injectable()
export class WebSocketSubscriptions {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly control: ConnectionControl,
  ) {}

  async list(eventStoreId: string): Promise<WebSocketSubscription[]> {
    return (await this.registry.list(eventStoreId)).flatMap(({ connectionId, clientId, subscriptions }) =>
      subscriptions.map((subscription) => ({
        ...subscription,
        subscriberType: 'websocket' as const,
        eventStoreId,
        connectionId,
        clientId,
      })),
    );
  }

  async find(eventStoreId: string, subscriptionId: string): Promise<WebSocketSubscription | null> {
    return (await this.list(eventStoreId)).find((subscription) => subscription.subscriptionId === subscriptionId) ?? null;
  }

  /** Ends it on its socket's instance (the client gets `unsubscribed`); false when no open socket holds it. */
  async end(eventStoreId: string, subscriptionId: string): Promise<boolean> {
    if (!(await this.find(eventStoreId, subscriptionId))) return false;
    await this.control.publish({ kind: 'end-subscription', eventStoreId, subscriptionId });
    return true;
  }
}
