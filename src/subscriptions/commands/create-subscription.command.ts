import { Command } from '@nestjs/cqrs';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import type { RetryPolicy } from '../retry-policy';

/** Where delivery starts: after the store's last event now, from the first event, or after N. */
export type StartPosition = 'latest' | 'beginning' | number;

export interface NewWebhookSubscription {
  eventFilter: string;
  url: string;
  headers: Record<string, string>;
  secret?: string;
  retryPolicy: RetryPolicy;
  position: StartPosition;
}

export interface CreatedSubscription {
  subscription: SubscriptionEntity;
  /** False when an identical subscription already existed and is returned instead. */
  created: boolean;
}

export class CreateSubscriptionCommand extends Command<CreatedSubscription> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscription: NewWebhookSubscription,
  ) {
    super();
  }
}
