import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { parseEventFilter } from '../../common/event-filter';
import { newId } from '../../common/ids';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { Metrics } from '../../metrics/metrics';
import type { EventText } from '../../event-log/read/stored-event';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { logDeadLetter, logFailedAttempt } from './delivery-failure-log';
import { DeliveryStateRepository, SubscriptionState } from './delivery-state.repository';
import { retryDelayMs } from './retry-delay';
import { SubscriptionLock } from './subscription-lock';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookSender } from './webhook-sender';

/** Events read per query; the checkpoint is written after each delivery regardless. */
const BATCH_SIZE = 100;
/** A retry's wake-up may fire a little early (timer granularity); within this, wait rather than leave it to the sweep. */
const EARLY_WAKE_TOLERANCE_MS = 1000;
/**
 * One turn of a busy subscription, after which it queues behind the others so that none starves them.
 * It spans the whole run, not one drain: a subscription whose events keep trickling in would
 * otherwise find work again after every drain and never give its slot back.
 */
const TURN_DELIVERIES = 500;
const TURN_MS = 30_000;

/** How a run ended: nothing left to do for now (or another worker delivers it), or its turn is over with work left. */
export type DrainEnd = 'done' | 'turn-over';

interface Turn {
  endsAt: number;
  deliveries: number;
}

const isOver = (turn: Turn) => turn.deliveries >= TURN_DELIVERIES || Date.now() > turn.endsAt;

/**
 * Delivers a subscription's due events one request at a time, in global-position order (DECISIONS
 * §8): first a failed event whose retry time has come, then replays of dead letters, then new
 * events. Wake-ups for a subscription already being delivered are folded into the running loop (in
 * this process) or left to the lock holder (in another), which re-checks after releasing the lock.
 */
@Injectable()
export class SubscriptionDelivery {
  private readonly running = new Map<string, { wokenAgain: boolean }>();
  private stopping = false;

  constructor(
    private readonly deliveryState: DeliveryStateRepository,
    private readonly lock: SubscriptionLock,
    private readonly eventLog: EventLogReader,
    private readonly sender: WebhookSender,
    private readonly queue: WebhookDeliveryQueue,
    private readonly metrics: Metrics,
    private readonly database: TenantDatabase,
  ) {}

  /** On 'turn-over' the subscription still has due work: the caller queues it behind the others. */
  async run(eventStoreId: string, subscriptionId: string): Promise<DrainEnd> {
    if (this.absorbs(subscriptionId)) return 'done';
    const state = { wokenAgain: false };
    this.running.set(subscriptionId, state);
    const turn: Turn = { endsAt: Date.now() + TURN_MS, deliveries: 0 };
    try {
      while (!this.stopping) {
        state.wokenAgain = false;
        const end = await this.lock.tryWith(subscriptionId, (db) => this.drain(db, eventStoreId, subscriptionId, turn));
        // Another worker holds the lock; it looks for due work again after releasing it.
        if (end === null) return 'done';
        if (end === 'turn-over') return end;
        // Checked after the lock is released, so that no wake-up refused meanwhile goes unanswered.
        if (!(await this.deliveryState.hasDueWork(this.database.for(null), eventStoreId, subscriptionId)) && !state.wokenAgain)
          return 'done';
      }
      return 'done';
    } finally {
      this.running.delete(subscriptionId);
    }
  }

  /** A wake-up for a subscription this process is delivering: the running loop looks again instead. */
  absorbs(subscriptionId: string): boolean {
    const current = this.running.get(subscriptionId);
    if (current) current.wokenAgain = true;
    return current !== undefined;
  }

  /** Deliveries stop after the one in flight; what is left stays due in Postgres for the next worker. */
  stop(): void {
    this.stopping = true;
  }

  get stopped(): boolean {
    return this.stopping;
  }

  private async drain(db: EntityManager, eventStoreId: string, subscriptionId: string, turn: Turn): Promise<DrainEnd> {
    while (!this.stopping) {
      if (isOver(turn)) return 'turn-over';
      const subscription = await this.deliveryState.load(db, eventStoreId, subscriptionId);
      if (!subscription) return 'done';

      if (subscription.retryWaitMs > EARLY_WAKE_TOLERANCE_MS) return 'done';
      if (subscription.retryWaitMs > 0) await sleep(subscription.retryWaitMs);

      const pinned = subscription.retryPosition ?? subscription.replayPosition;
      if (pinned !== null) {
        if (!(await this.deliverAt(db, subscription, pinned))) return 'done';
        turn.deliveries++;
        continue;
      }

      const filter = parseEventFilter(subscription.eventFilter)!;
      const { lastPosition, events, hasMore } = await this.eventLog.readMatchingAfter(
        db,
        eventStoreId,
        filter,
        subscription.checkpoint,
        BATCH_SIZE,
      );
      for (const event of events) {
        // Checked before each request too: a batch to a slow receiver would otherwise outlast the turn many times over.
        if (isOver(turn)) return 'turn-over';
        if (this.stopping || !(await this.attempt(db, subscription, event, 1))) return 'done';
        turn.deliveries++;
      }
      // A page may end early at the read budget: only one without more after it saw the store to its end.
      if (!hasMore) {
        await this.deliveryState.skipTo(db, subscription, lastPosition);
        return 'done';
      }
    }
    return 'done';
  }

  /** The event being retried, or a dead letter whose replay was asked for. */
  private async deliverAt(db: EntityManager, subscription: SubscriptionState, position: number): Promise<boolean> {
    const event = await this.eventLog.readEventAt(db, subscription.eventStoreId, position);
    if (!event) {
      await this.deliveryState.dropVanishedEvent(db, subscription, position);
      return true;
    }
    const retrying = subscription.retryPosition === position;
    return this.attempt(db, subscription, event, retrying ? subscription.retryAttempts + 1 : 1);
  }

  /** One POST and its outcome recorded; true when the loop may go on to the next event. */
  private async attempt(db: EntityManager, subscription: SubscriptionState, event: EventText, attempt: number): Promise<boolean> {
    const position = event.globalPosition;
    // The event's id, not its position: a history rolled back (a failover to a standby that had not
    // replayed the last appends) hands its positions to other events, and a receiver that drops
    // repeated ids must not drop those.
    const deliveryId = `${subscription.id}:${event.eventId}`;
    const attemptedAt = new Date();
    const response = await this.sender.send({
      url: subscription.url,
      headers: subscription.headers,
      secret: subscription.secret,
      webhookId: deliveryId,
      // The event's JSON as PostgreSQL wrote it, spliced in: a delivery never parses or re-serialises an event.
      body: `{"event":${event.json},"eventStoreId":${JSON.stringify(subscription.eventStoreId)},"subscriptionId":${JSON.stringify(subscription.id)},"deliveryId":${JSON.stringify(deliveryId)},"attempt":${attempt}}`,
    });
    if (response.delivered) {
      this.metrics.webhookDeliveries.inc({ outcome: 'delivered' });
      return this.deliveryState.recordDelivered(db, subscription, position, attemptedAt);
    }

    const { retryPolicy } = subscription;
    if (attempt > retryPolicy.maxRetries) {
      this.metrics.webhookDeliveries.inc({ outcome: 'dead_lettered' });
      const recorded = await this.deliveryState.recordDeadLetter(db, subscription, event, attempt, response, attemptedAt, newId('dl'));
      if (recorded) logDeadLetter(subscription, position, attempt, response);
      return recorded;
    }
    this.metrics.webhookDeliveries.inc({ outcome: 'failed' });
    const delayMs = retryDelayMs(retryPolicy, attempt);
    if (await this.deliveryState.recordRetry(db, subscription, position, attempt, delayMs, attemptedAt)) {
      logFailedAttempt(subscription, position, attempt, response, delayMs);
      await this.queue.wakeSubscriptions(
        subscription.eventStoreId,
        [subscription.id],
        `retry.${position}.${attempt}.${Date.now()}`,
        delayMs,
      );
    }
    return false;
  }
}
