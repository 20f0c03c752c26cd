import { NotFoundError } from '../common/errors/common.errors';

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
