import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EnvironmentVariables } from '../../config/environment-variables';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { AppendNotifications } from '../../event-log/notifications/append-notifications';
import { CONSUMER_CONNECTION_TTL_MS, CONSUMER_POLL_INTERVAL_MS, DetachReason } from '../consumer.constants';
import { ConsumerRecord, ConsumerRepository } from '../consumer.repository';
import { ConsumerClientLimitError, ConsumerNotFoundError } from '../consumers.errors';
import type { ConsumerClient } from './consumer-client';
import { AckSelection, ConsumerLeases, LeasedEvent } from './consumer-leases';
import { ConsumerWakes } from './consumer-wakes';

/** A consumer with clients on this instance. */
interface FollowedConsumer {
  eventStoreId: string;
  consumerId: string;
  tenantId: string;
  clients: Set<ConsumerClient>;
  running: boolean;
  again: boolean;
  /** The next claim also hands back leases that ran out (set by the poll: acks and appends do not make leases expire). */
  expireDue: boolean;
}

/** A client's acks not yet settled: those that come while one batch is settled go together in the next. */
interface AckQueue {
  positions: number[];
  upTo?: number;
  flushing: Promise<void> | null;
}

const followKey = (eventStoreId: string, consumerId: string) => `${eventStoreId} ${consumerId}`;

/**
 * This instance's side of durable consumers: the clients attached here, and the claims that hand
 * them events. A claim is one transaction under the consumer's row lock: expired leases go back,
 * the window is refilled, the claimable events are shared among the ready clients here (no more
 * than a fair share of the consumer's clients on every instance each), and the checkpoint settles;
 * the events go out after the commit. Claims run on an append to the store (the live feed's
 * notifications), on an ack or a departure anywhere (ConsumerWakes), when a client attaches, and
 * every CONSUMER_POLL_INTERVAL_MS (leases that ran out, deletions, clients of crashed instances).
 */
@Injectable()
export class ConsumerDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConsumerDispatcher.name);
  private readonly followed = new Map<string, FollowedConsumer>();
  /** The consumer each client attached to, kept after it leaves: its acks still in flight then count. */
  private readonly consumerOf = new WeakMap<ConsumerClient, { eventStoreId: string; consumerId: string }>();
  private readonly ackQueues = new WeakMap<ConsumerClient, AckQueue>();
  /** Detaches under way, which shutdown waits for before the database goes. */
  private readonly detaching = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly database: TenantDatabase,
    private readonly consumers: ConsumerRepository,
    private readonly leases: ConsumerLeases,
    private readonly wakes: ConsumerWakes,
    private readonly config: EnvironmentVariables,
    notifications: AppendNotifications,
  ) {
    notifications.listen((eventStoreId) => this.wakeStore(eventStoreId));
    wakes.listen((eventStoreId, consumerId) => this.wake(eventStoreId, consumerId));
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), CONSUMER_POLL_INTERVAL_MS);
    this.timer.unref();
  }

  /** Every client here is detached and its leases handed back, for the other instances to deliver. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    const clients = [...this.followed.values()].flatMap((followed) => [...followed.clients]);
    for (const client of clients) {
      client.detached('shutdown');
      void this.detach(client);
    }
    await Promise.all(this.detaching);
  }

  /**
   * Attaches a client, within CONSUMER_MAX_CLIENTS across instances; with `lastEventId` (an SSE
   * resume), what its clientId held up to there counts as received. Claims for it at once.
   */
  async attach(client: ConsumerClient, lastEventId?: number): Promise<ConsumerRecord> {
    const consumer = await this.database.for(client.tenantId).transaction(async (manager) => {
      const locked = await this.consumers.lock(manager, client.eventStoreId, client.consumerName);
      if (!locked) throw new ConsumerNotFoundError(client.consumerName);
      const maxClients = this.config.CONSUMER_MAX_CLIENTS;
      if ((await this.consumers.liveConnections(manager, locked)) >= maxClients)
        throw new ConsumerClientLimitError(client.consumerName, maxClients);
      await manager.query(
        `INSERT INTO consumer_connections (event_store_id, consumer_id, connection_id, client_id, transport) VALUES ($1, $2, $3, $4, $5)`,
        [locked.eventStoreId, locked.id, client.holderId, client.clientId, client.transport],
      );
      if (lastEventId !== undefined) {
        await this.leases.resume(manager, locked, client, lastEventId);
      }
      return locked;
    });
    this.consumerOf.set(client, { eventStoreId: consumer.eventStoreId, consumerId: consumer.id });
    const key = followKey(consumer.eventStoreId, consumer.id);
    let followed = this.followed.get(key);
    if (!followed) {
      followed = {
        eventStoreId: consumer.eventStoreId,
        consumerId: consumer.id,
        tenantId: client.tenantId,
        clients: new Set(),
        running: false,
        again: false,
        expireDue: true,
      };
      this.followed.set(key, followed);
    }
    followed.clients.add(client);
    this.pump(followed);
    return consumer;
  }

  /** The client is gone: its leases go back to the others (by its own holder id only), and they are woken. */
  detach(client: ConsumerClient): Promise<void> {
    const followed = this.find(client);
    if (!followed || !followed.clients.delete(client)) return Promise.resolve();
    const detaching = this.release(client, followed).catch((error: Error) =>
      this.logger.warn(`Leases of ${client.holderId} left to expire: ${error.message}`),
    );
    this.detaching.add(detaching);
    return detaching.finally(() => this.detaching.delete(detaching));
  }

  private async release(client: ConsumerClient, followed: FollowedConsumer): Promise<void> {
    if (followed.clients.size === 0 && !followed.running) this.followed.delete(followKey(followed.eventStoreId, followed.consumerId));
    const released = await this.database.for(client.tenantId).transaction(async (manager) => {
      const consumer = await this.consumers.lockById(manager, followed.eventStoreId, followed.consumerId);
      if (!consumer) return 0;
      const count = await this.leases.release(manager, consumer, client.holderId);
      await manager.query(`DELETE FROM consumer_connections WHERE event_store_id = $1 AND consumer_id = $2 AND connection_id = $3`, [
        consumer.eventStoreId,
        consumer.id,
        client.holderId,
      ]);
      return count;
    });
    if (released > 0) this.announce(followed.eventStoreId, followed.consumerId);
  }

  /**
   * A WebSocket's ack: events of this client's attachment, or, once it has left (the ack was on its
   * way), those it held that are still pending. Acks that arrive while one is being settled are
   * settled together next, in one transaction; the promise resolves once this one is.
   */
  ackFromClient(client: ConsumerClient, selection: Pick<AckSelection, 'positions' | 'upTo'>): Promise<void> {
    let queue = this.ackQueues.get(client);
    if (!queue) this.ackQueues.set(client, (queue = { positions: [], flushing: null }));
    queue.positions.push(...(selection.positions ?? []));
    if (selection.upTo !== undefined) queue.upTo = Math.max(queue.upTo ?? 0, selection.upTo);
    const pending = queue;
    pending.flushing ??= this.flushAcks(client, pending).finally(() => (pending.flushing = null));
    return pending.flushing;
  }

  private async flushAcks(client: ConsumerClient, queue: AckQueue): Promise<void> {
    const attached = this.consumerOf.get(client);
    while (attached && (queue.positions.length > 0 || queue.upTo !== undefined)) {
      const selection = {
        positions: queue.positions.splice(0),
        upTo: queue.upTo,
        connectionId: client.holderId,
        clientId: client.clientId,
      };
      queue.upTo = undefined;
      try {
        await this.settleAcks(
          client.tenantId,
          (manager) => this.consumers.lockById(manager, attached.eventStoreId, attached.consumerId),
          selection,
        );
      } catch (error) {
        this.logger.warn(`Acks of ${client.holderId} not settled (the events come again): ${(error as Error).message}`);
      }
    }
  }

  /** An ack over HTTP (SSE clients): by clientId when given, else of whatever holds those events. */
  async ackByName(
    tenantId: string,
    eventStoreId: string,
    name: string,
    selection: AckSelection,
  ): Promise<{ acked: number; checkpoint: number }> {
    const { acked, checkpoint } = await this.settleAcks(tenantId, (manager) => this.consumers.lock(manager, eventStoreId, name), selection);
    if (checkpoint === null) throw new ConsumerNotFoundError(name);
    return { acked: acked.length, checkpoint };
  }

  /** Ends this instance's clients of a deleted consumer; other instances find it gone at their next claim. */
  consumerDeleted(eventStoreId: string, consumerId: string): void {
    const followed = this.followed.get(followKey(eventStoreId, consumerId));
    if (followed) this.dropAll(followed, 'deleted');
    this.announce(eventStoreId, consumerId);
  }

  /** Someone changed what the consumer may hand out (a replay, a moved checkpoint): claim again everywhere. */
  changed(eventStoreId: string, consumerId: string): void {
    this.wake(eventStoreId, consumerId);
    this.announce(eventStoreId, consumerId);
  }

  private async settleAcks(
    tenantId: string,
    lock: (manager: EntityManager) => Promise<ConsumerRecord | null>,
    selection: AckSelection,
  ): Promise<{ acked: number[]; checkpoint: number | null; consumer: ConsumerRecord | null }> {
    const outcome = await this.database.for(tenantId).transaction(async (manager) => {
      const consumer = await lock(manager);
      if (!consumer) return { acked: [], checkpoint: null, consumer: null };
      const acked = await this.leases.ack(manager, consumer, selection);
      const checkpoint = acked.length > 0 ? await this.leases.settle(manager, consumer) : consumer.checkpoint;
      return { acked, checkpoint, consumer };
    });
    if (outcome.consumer && outcome.acked.length > 0) this.changed(outcome.consumer.eventStoreId, outcome.consumer.id);
    return outcome;
  }

  private wakeStore(eventStoreId: string): void {
    for (const followed of this.followed.values()) if (followed.eventStoreId === eventStoreId) this.pump(followed);
  }

  private wake(eventStoreId: string, consumerId: string): void {
    const followed = this.followed.get(followKey(eventStoreId, consumerId));
    if (followed) this.pump(followed);
  }

  private announce(eventStoreId: string, consumerId: string): void {
    this.wakes.announce(eventStoreId, consumerId);
  }

  /** Confirms this instance's clients (so they count as attached) and claims for every consumer followed here. */
  private async poll(): Promise<void> {
    for (const followed of this.followed.values()) {
      try {
        await this.database.for(followed.tenantId).query(
          `WITH seen AS (
               UPDATE consumer_connections SET seen_at = now()
                WHERE event_store_id = $1 AND consumer_id = $2 AND connection_id = ANY($3::text[]) RETURNING 1)
             DELETE FROM consumer_connections
              WHERE event_store_id = $1 AND consumer_id = $2 AND seen_at < now() - interval '${2 * CONSUMER_CONNECTION_TTL_MS} milliseconds'`,
          [followed.eventStoreId, followed.consumerId, [...followed.clients].map((client) => client.holderId)],
        );
      } catch (error) {
        this.logger.warn(`Clients of consumer ${followed.consumerId} not confirmed: ${(error as Error).message}`);
      }
      followed.expireDue = true;
      this.pump(followed);
    }
  }

  /** Claims until nothing more can go out now; one claim at a time per consumer on this instance. */
  private pump(followed: FollowedConsumer): void {
    if (this.stopping) return;
    if (followed.running) {
      followed.again = true;
      return;
    }
    followed.running = true;
    void (async () => {
      do {
        followed.again = false;
        if (followed.clients.size === 0) break;
        try {
          if (await this.claim(followed)) followed.again = true;
        } catch (error) {
          this.logger.warn(`Claim for consumer ${followed.consumerId} failed, retried at the next poll: ${(error as Error).message}`);
        }
      } while (followed.again && !this.stopping);
      followed.running = false;
      if (followed.clients.size === 0) this.followed.delete(followKey(followed.eventStoreId, followed.consumerId));
    })();
  }

  /** One claim; true when it handed out every event it could find, so another may find more. */
  private async claim(followed: FollowedConsumer): Promise<boolean> {
    const outcome = await this.database.for(followed.tenantId).transaction(async (manager) => {
      const consumer = await this.consumers.lockById(manager, followed.eventStoreId, followed.consumerId);
      if (!consumer) return null;
      if (followed.expireDue) {
        followed.expireDue = false;
        await this.leases.expire(manager, consumer);
      }
      await this.leases.scan(manager, consumer);
      const deliveries = await this.share(
        manager,
        consumer,
        [...followed.clients].filter((client) => client.hasRoom()),
      );
      await this.leases.settle(manager, consumer);
      return deliveries;
    });
    if (outcome === null) {
      this.dropAll(followed, 'deleted');
      return false;
    }
    for (const { client, events } of outcome.deliveries) if (followed.clients.has(client)) client.deliver(events);
    return outcome.exhausted;
  }

  /** Shares the claimable events among `ready` clients, each within its room and a fair share of the consumer's clients. */
  private async share(
    manager: EntityManager,
    consumer: ConsumerRecord,
    ready: ConsumerClient[],
  ): Promise<{ deliveries: { client: ConsumerClient; events: LeasedEvent[] }[]; exhausted: boolean }> {
    const rooms = new Map<ConsumerClient, number>();
    const inFlight = await this.leases.inFlightOf(
      manager,
      consumer,
      ready.map((client) => client.holderId),
    );
    for (const client of ready) {
      const room = client.maxInFlight - (inFlight.get(client.holderId) ?? 0);
      if (room > 0) rooms.set(client, room);
    }
    const wanted = [...rooms.values()].reduce((sum, room) => sum + room, 0);
    if (wanted === 0) return { deliveries: [], exhausted: false };
    const candidates = await this.leases.claimable(manager, consumer, wanted);
    const clients = Math.max(rooms.size, await this.consumers.liveConnections(manager, consumer));
    const fairShare = Math.ceil(candidates.length / clients);
    const assigned = new Map<ConsumerClient, number[]>();
    let next = 0;
    for (const [client, room] of rooms) {
      const take = Math.min(room, fairShare, candidates.length - next);
      if (take > 0) assigned.set(client, candidates.slice(next, next + take));
      next += Math.max(0, take);
    }
    const deliveries: { client: ConsumerClient; events: LeasedEvent[] }[] = [];
    for (const [client, positions] of assigned) {
      const leased = await this.leases.lease(manager, consumer, positions, client);
      const bodies = await this.leases.events(manager, consumer.eventStoreId, [...leased.keys()], client.shape);
      const gone = [...leased.keys()].filter((position) => !bodies.has(position));
      if (gone.length > 0) await this.leases.forget(manager, consumer, gone);
      const events = [...leased]
        .filter(([position]) => bodies.has(position))
        .sort(([a], [b]) => a - b)
        .map(([position, delivery]) => ({ position, delivery, json: bodies.get(position)! }));
      if (events.length > 0) deliveries.push({ client, events });
    }
    // Everything asked for was found: more may be claimable (another round); fewer means the window is drained for now.
    return { deliveries, exhausted: candidates.length === wanted && next === candidates.length && next > 0 };
  }

  private dropAll(followed: FollowedConsumer, reason: DetachReason): void {
    const clients = [...followed.clients];
    followed.clients.clear();
    this.followed.delete(followKey(followed.eventStoreId, followed.consumerId));
    for (const client of clients) client.detached(reason);
  }

  private find(client: ConsumerClient): FollowedConsumer | undefined {
    for (const followed of this.followed.values()) if (followed.clients.has(client)) return followed;
    return undefined;
  }
}
