import { NotFoundError } from '../common/errors/common.errors';
import { DomainError } from '../common/errors/domain-error';

export class SubscriptionNotFoundError extends NotFoundError {
  constructor(subscriptionId: string) {
    super(`Subscription '${subscriptionId}' not found`, { subscriptionId });
  }
}

export class DeadLetterNotFoundError extends NotFoundError {
  constructor(subscriptionId: string, deadLetterId: string) {
    super(`Dead letter '${deadLetterId}' not found`, { subscriptionId, deadLetterId });
  }
}

/**
 * The store already has MAX_SUBSCRIPTIONS_PER_STORE webhook subscriptions. A 429 like the other caps
 * on what a tenant may hold (WebSockets per key): the request itself is valid, no field is at fault,
 * and it passes once a subscription is deleted. No `Retry-After`: waiting alone does not help.
 */
export class SubscriptionLimitError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;

  constructor(eventStoreId: string, maxSubscriptions: number) {
    super(
      `Event store ${eventStoreId} already has ${maxSubscriptions} webhook subscriptions, the most it may have ` +
        `(MAX_SUBSCRIPTIONS_PER_STORE); delete one before subscribing again`,
      { limit: 'subscriptions', eventStoreId, maxSubscriptions },
    );
  }
}
