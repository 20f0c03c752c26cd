import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from '../../common/ids';
import { EventRow, toStoredEvent } from '../../streams/stored-event';
import { DeliveryLedger, SubscriptionState } from './delivery-ledger';
import { retryDelayMs } from './retry-delay';
import { SubscriptionLock } from './subscription-lock';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookSender } from './webhook-sender';

/** Events read per query; the checkpoint is written after each delivery regardless. */
const BATCH_SIZE = 100;
/** A retry's wake-up may fire a little early (timer granularity); within this, wait rather than leave it to the sweep. */
const EARLY_WAKE_TOLERANCE_MS = 1000;

/**
 * Delivers a subscription's due events one request at a time, in global-position order (DECISIONS
 * §8): first a failed event whose retry time has come, then replays of dead letters, then new
 * events. Wake-ups for a subscription already being delivered are folded into the running loop (in
 * this process) or left to the lock holder (in another), which re-checks after releasing the lock.
 */
@Injectable()
export class SubscriptionDelivery implements BeforeApplicationShutdown {
  private readonly running = new Map<string, { wokenAgain: boolean }>();
  private stopping = false;

  constructor(
    private readonly ledger: DeliveryLedger,
    private readonly lock: SubscriptionLock,
    private readonly sender: WebhookSender,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async run(eventStoreId: string, subscriptionId: string): Promise<void> {
    const current = this.running.get(subscriptionId);
    if (current) {
      current.wokenAgain = true;
      return;
    }
    const state = { wokenAgain: false };
    this.running.set(subscriptionId, state);
    try {
      while (!this.stopping) {
        state.wokenAgain = false;
        const drained = await this.lock.tryWith(subscriptionId, () => this.drain(eventStoreId, subscriptionId));
        // Another worker holds the lock; it looks for due work again after releasing it.
        if (!drained) return;
        // Checked after the lock is released, so that no wake-up refused meanwhile goes unanswered.
        if (!(await this.ledger.hasDueWork(eventStoreId, subscriptionId)) && !state.wokenAgain) return;
      }
    } finally {
      this.running.delete(subscriptionId);
    }
  }

  /** Deliveries stop after the one in flight; what is left stays due in Postgres for the next worker. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  private async drain(eventStoreId: string, subscriptionId: string): Promise<void> {
    while (!this.stopping) {
      const subscription = await this.ledger.load(eventStoreId, subscriptionId);
      if (!subscription) return;

      const wait = (subscription.retryAt?.getTime() ?? 0) - Date.now();
      if (wait > EARLY_WAKE_TOLERANCE_MS) return;
      if (wait > 0) await sleep(wait);

      const pinned = subscription.retryPosition ?? subscription.replayPosition;
      if (pinned !== null) {
        if (!(await this.deliverAt(subscription, pinned))) return;
        continue;
      }

      const { lastPosition, events } = await this.ledger.nextEvents(eventStoreId, subscription.eventFilter, subscription.checkpoint, BATCH_SIZE);
      for (const event of events) {
        if (this.stopping || !(await this.attempt(subscription, event, 1))) return;
      }
      if (events.length < BATCH_SIZE) return this.ledger.skipTo(subscription, lastPosition);
    }
  }

  /** The event being retried, or a dead letter whose replay was asked for. */
  private async deliverAt(subscription: SubscriptionState, position: number): Promise<boolean> {
    const event = await this.ledger.eventAt(subscription.eventStoreId, position);
    if (!event) {
      await this.ledger.dropVanishedEvent(subscription, position);
      return true;
    }
    const retrying = subscription.retryPosition === position;
    return this.attempt(subscription, event, retrying ? subscription.retryAttempts + 1 : 1);
  }

  /** One POST and its outcome recorded; true when the loop may go on to the next event. */
  private async attempt(subscription: SubscriptionState, event: EventRow, attempt: number): Promise<boolean> {
    const position = Number(event.global_position);
    const deliveryId = `${subscription.id}:${position}`;
    const attemptedAt = new Date();
    const response = await this.sender.send({
      url: subscription.url,
      headers: subscription.headers,
      secret: subscription.secret,
      webhookId: deliveryId,
      body: JSON.stringify({ event: toStoredEvent(event), eventStoreId: subscription.eventStoreId, subscriptionId: subscription.id, deliveryId, attempt }),
    });
    if (response.delivered) return this.ledger.recordDelivered(subscription, position, attemptedAt);

    const { retryPolicy } = subscription;
    if (attempt > retryPolicy.maxRetries) {
      return this.ledger.recordDeadLetter(subscription, event, attempt, response, attemptedAt, newId('dl'));
    }
    const delayMs = retryDelayMs(retryPolicy, attempt);
    if (await this.ledger.recordRetry(subscription, position, attempt, new Date(Date.now() + delayMs), attemptedAt)) {
      await this.queue.wakeSubscriptions(subscription.eventStoreId, [subscription.id], `retry.${position}.${attempt}`, delayMs);
    }
    return false;
  }
}
