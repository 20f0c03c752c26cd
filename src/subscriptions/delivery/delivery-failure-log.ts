import { Logger } from '@nestjs/common';
import type { SubscriptionState } from './delivery-state.repository';
import type { WebhookResponse } from './webhook-sender';

type Failure = Extract<WebhookResponse, { delivered: false }>;

const logger = new Logger('WebhookDelivery');

/**
 * What an operator sees in the worker's log when a receiver fails: one `warn` line per failed
 * attempt, so their number is bounded by the subscription's retry policy whatever the receiver
 * does, and the last attempt's line is the dead letter's. Each names the store, the subscription,
 * the event's position, the attempt, and in `reason` the status or network error (what the dead
 * letter keeps as `lastError`; not `error`, which log viewers print as a stack). Never the URL (a
 * path or query string may hold a token), header values or the secret.
 */
export function logFailedAttempt(subscription: SubscriptionState, position: number, attempt: number, failure: Failure, delayMs: number) {
  const retryAt = new Date(Date.now() + delayMs).toISOString();
  logger.warn({
    ...fields(subscription, position, attempt, failure),
    retryAt,
    msg: `Webhook delivery ${subscription.id}:${position} failed (attempt ${attempt} of ${attempts(subscription)}): ${failure.error}; next attempt at ${retryAt}`,
  });
}

/**
 * The last attempt failed too: the event is a dead letter (one per subscription and position, a
 * replayed one updated in place) and the subscription moves on.
 */
export function logDeadLetter(subscription: SubscriptionState, position: number, attempt: number, failure: Failure) {
  logger.warn({
    ...fields(subscription, position, attempt, failure),
    deadLettered: true,
    msg: `Webhook delivery ${subscription.id}:${position} failed (attempt ${attempt} of ${attempts(subscription)}): ${failure.error}; now a dead letter, later events go on`,
  });
}

const attempts = (subscription: SubscriptionState) => subscription.retryPolicy.maxRetries + 1;

function fields(subscription: SubscriptionState, position: number, attempt: number, failure: Failure) {
  return {
    eventStoreId: subscription.eventStoreId,
    subscriptionId: subscription.id,
    globalPosition: position,
    attempt,
    maxAttempts: attempts(subscription),
    statusCode: failure.statusCode,
    reason: failure.error,
  };
}
