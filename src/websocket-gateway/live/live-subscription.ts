import type { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventFilter, matchesEventFilter } from '../../common/event-filter';
import type { Queryable } from '../../database/replicas/read-replicas';
import type { EventLogReader } from '../../event-log/read/event-log-reader';
import { FEED_PAGE_SIZE, MAX_BRIDGE_EVENTS } from '../websocket.constants';
import { FeedBatch, FeedEvent } from './event-frame';
import type { ReplayPacing } from './replay-scheduler';
import type { Release } from './semaphore';
import type { FeedSubscriber, StoreFeed } from './store-feed';

/** Where a subscription's frames go: its socket. */
export interface FrameSink {
  /** Queues the frame of an event for a subscription; the sink closes a consumer that falls too far behind. */
  sendEvent(subscriptionId: string, event: FeedEvent): void;
  /** Whether a replay may send more now: the socket is well short of its bound. */
  hasRoom(): boolean;
  /** The store now ends at `lastPosition`, below what this subscription was sent: the socket must tell its client to re-read. */
  historyRolledBack(lastPosition: number): void;
  /** Undefined while the socket has room; otherwise resolves once it has, so that a replay paces itself instead of overrunning it. */
  whenWritable(): Promise<void> | undefined;
}

/** What a subscription reads with: the log, its key's share of replays, and where to say it had to retry. */
export interface SubscriptionServices {
  /** The key's tenant: its share of the database is what the subscription's reads take. */
  tenantId: string;
  /** The primary, for that tenant. */
  primary: Queryable;
  eventLog: EventLogReader;
  replays: ReplayPacing;
  /** Bytes of events one replay read may return: the socket's bound, which is all it could hold. */
  replayPageBytes: number;
  logger: Logger;
}

type Mode = 'replaying' | 'bridging' | 'live' | 'ended';

const RETRY_DELAY_MS = 1000;

/**
 * One WebSocket subscription: replays the matching events after its start position from the
 * database, then switches to the store's live feed with no gap and no duplicate.
 *
 * `cursor` is the invariant: every event up to it was sent (or did not match). The replay reads
 * pages after the cursor; once a page reaches the store's end (no `hasMore`), the replay has seen
 * the store as of that read. If the feed has dispatched no further, the subscription attaches and
 * is live. Otherwise it attaches in `bridging` mode, keeping the feed's batches (which hold every
 * event after the feed's position at that moment) while it reads on from the database up to that
 * position; then it sends the kept events after its cursor and is live. Everything between
 * attach-check and attach is synchronous, so no batch can slip between them.
 *
 * Replays share the database with everyone: their reads go through the ReplayScheduler, which
 * bounds how many run at once, per instance and per API key.
 */
export class LiveSubscription implements FeedSubscriber {
  private mode: Mode = 'replaying';
  private cursor = 0;
  private bridgeFrom = 0;
  private bridged: FeedBatch[] = [];
  private bridgedEvents = 0;
  /** A `latest` start has nothing to replay: it catches up from where it started without waiting for its key's turn. */
  private startsLatest = false;
  /** Aborted by end(): a replay waiting for its turn or for a read leaves the queue. */
  private readonly ending = new AbortController();
  readonly createdAt = new Date();
  /** When the last event frame went out (epoch ms), for the registry. */
  lastSentAt: number | null = null;

  private feed?: StoreFeed;

  constructor(
    readonly id: string,
    readonly eventFilter: string,
    private readonly filter: EventFilter,
    private readonly sink: FrameSink,
    private readonly services: SubscriptionServices,
  ) {}

  get lastProcessedPosition(): number {
    return this.cursor;
  }

  get ended(): boolean {
    return this.mode === 'ended';
  }

  /**
   * Fixes the start: after `start`, or for `latest` after the store's last event now (a store
   * deleted meanwhile is closed by the audit). Retries while the database cannot answer. Resolves
   * with the store's last position when `start` lies past it, which only a history rolled back since
   * the client saw that position explains (replaying "after it" would skip the events now there);
   * else with null.
   */
  async start(eventStoreId: string, start: 'latest' | number): Promise<number | null> {
    this.startsLatest = start === 'latest';
    if (start === 0) return null;
    while (this.mode !== 'ended') {
      try {
        const last = (await this.services.eventLog.lastPosition(this.services.primary, eventStoreId)) ?? 0;
        if (start !== 'latest' && start > last) return last;
        this.cursor = start === 'latest' ? last : start;
        return null;
      } catch (error) {
        this.services.logger.warn(`Start of ${this.id} could not read, retrying: ${(error as Error).message}`);
        await sleep(RETRY_DELAY_MS);
      }
    }
    return null;
  }

  /**
   * Sends every matching event after the start, then live ones from `feed`, until `end()`. A replay
   * first waits for its key's turn (ReplayScheduler) and holds it until it is live.
   */
  async run(feed: StoreFeed): Promise<void> {
    this.feed = feed;
    // A `latest` start has just read the store's end: unless the feed has dispatched past it since,
    // nothing lies in between, and attaching needs no read (a thousand subscriptions joining a busy
    // store would otherwise each read the same new events for themselves).
    if (this.startsLatest && this.cursor >= feed.position) return this.attach(feed);
    const endTurn = await this.takeTurn();
    if (!endTurn) return;
    try {
      while (this.mode === 'replaying' || this.mode === 'bridging') {
        try {
          await this.catchUp(feed);
        } catch (error) {
          if (this.ended) return;
          // The database is unreachable: keep the subscription and try again from the cursor.
          this.services.logger.warn(`Replay of ${this.id} could not read, retrying: ${(error as Error).message}`);
          await sleep(RETRY_DELAY_MS);
        }
      }
    } finally {
      endTurn();
    }
  }

  receive(batch: FeedBatch): void {
    if (this.mode === 'live') return this.sendLive(batch);
    if (this.mode !== 'bridging') return;
    this.bridged.push(batch);
    this.bridgedEvents += batch.events.length;
    // Replaying faster than the store grows is the norm; if not, stop holding events in memory and read on from the database.
    if (this.bridgedEvents > MAX_BRIDGE_EVENTS) {
      this.feed?.detach(this);
      this.mode = 'replaying';
      this.bridged = [];
      this.bridgedEvents = 0;
    }
  }

  rolledBack(lastPosition: number): void {
    if (this.ended) return;
    this.end();
    this.sink.historyRolledBack(lastPosition);
  }

  end(): void {
    this.mode = 'ended';
    this.feed?.detach(this);
    this.bridged = [];
    this.ending.abort();
  }

  /** Its key's turn to replay (a no-op for `latest`), or null if the subscription ended while waiting. */
  private async takeTurn(): Promise<Release | null> {
    if (this.startsLatest) return () => undefined;
    try {
      return await this.services.replays.turn(this.ending.signal);
    } catch (error) {
      if (this.ended) return null;
      throw error;
    }
  }

  /**
   * One page of the replay, and the switch to live when the replay has caught up. A replay holds no
   * events its socket cannot take: it reads only once the socket has room, in pages no larger than
   * the socket's bound, and when the socket fills up partway it drops the rest of the page and reads
   * it again from the cursor once the client has read. So a client that stops reading costs its
   * socket's bound, however many subscriptions replay on it.
   */
  private async catchUp(feed: StoreFeed): Promise<void> {
    const { eventLog, replays, replayPageBytes, tenantId } = this.services;
    const full = this.sink.whenWritable();
    if (full) await full;
    if (this.ended) return;
    // A standby may serve it once it holds what this subscription was sent, and, for a bridge, what the feed dispatched.
    const minPosition = this.mode === 'bridging' ? this.bridgeFrom : this.cursor;
    const page = await replays.read(
      () =>
        eventLog.readReplayAfter({ tenantId, minPosition }, feed.eventStoreId, this.filter, this.cursor, FEED_PAGE_SIZE, replayPageBytes),
      this.ending.signal,
    );
    for (const event of page.events) {
      if (!this.sink.hasRoom()) return;
      const paced = this.services.replays.pace(event.json.length);
      if (paced) await paced;
      if (this.mode === 'ended') return;
      this.sink.sendEvent(this.id, event);
      this.lastSentAt = Date.now();
      this.cursor = event.globalPosition;
    }
    if (this.ended || page.hasMore) return;
    // The store ends below what this subscription was sent: its history was rolled back.
    if (page.lastPosition < this.cursor) return this.rolledBack(page.lastPosition);
    this.cursor = page.lastPosition;

    if (this.mode === 'replaying') return this.attach(feed);
    if (this.cursor >= this.bridgeFrom) {
      const bridged = this.bridged;
      this.bridged = [];
      this.mode = 'live';
      for (const batch of bridged) this.sendLive(batch);
    }
  }

  /**
   * Attaches to the feed, as of a cursor up to which the store was seen whole: live at once if the
   * feed has dispatched no further, else bridging the gap from the database.
   */
  private attach(feed: StoreFeed): void {
    this.bridgeFrom = feed.position;
    feed.attach(this);
    this.mode = this.cursor >= this.bridgeFrom ? 'live' : 'bridging';
    // The feed may not have heard of what the replay just read; let it look.
    if (this.mode === 'live') feed.wake();
  }

  private sendLive({ events, upTo }: FeedBatch): void {
    let sent = false;
    for (const event of events) {
      if (event.globalPosition > this.cursor && this.matches(event)) {
        this.sink.sendEvent(this.id, event);
        sent = true;
      }
    }
    if (sent) this.lastSentAt = Date.now();
    this.cursor = Math.max(this.cursor, upTo);
  }

  private matches(event: FeedEvent): boolean {
    return matchesEventFilter(this.filter, event.type);
  }
}
