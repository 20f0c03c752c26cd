import type { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventFilter, matchesEventFilter } from '../../common/event-filter';
import type { EventLogReader } from '../../event-log/read/event-log-reader';
import { FEED_PAGE_SIZE, MAX_BRIDGE_EVENTS } from '../websocket.constants';
import { eventFrame, FeedBatch, FeedEvent } from './event-frame';
import type { ReplayPacing } from './replay-scheduler';
import type { Release } from './semaphore';
import type { FeedSubscriber, StoreFeed } from './store-feed';

/** Where a subscription's frames go: its socket. */
export interface FrameSink {
  /** Queues a frame; the sink closes a consumer that falls too far behind. */
  send(frame: string): void;
  /** Undefined while the socket has room; otherwise resolves once it has, so that a replay paces itself instead of overrunning it. */
  whenWritable(): Promise<void> | undefined;
}

/** What a subscription reads with: the log, its key's share of replays, and where to say it had to retry. */
export interface SubscriptionServices {
  eventLog: EventLogReader;
  replays: ReplayPacing;
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
   * deleted meanwhile is closed by the audit). Retries while the database cannot answer.
   */
  async start(eventStoreId: string, start: 'latest' | number): Promise<void> {
    this.startsLatest = start === 'latest';
    while (start === 'latest' && this.mode !== 'ended') {
      try {
        this.cursor = (await this.services.eventLog.lastPosition(eventStoreId)) ?? 0;
        return;
      } catch (error) {
        this.services.logger.warn(`Start of ${this.id} could not read, retrying: ${(error as Error).message}`);
        await sleep(RETRY_DELAY_MS);
      }
    }
    if (start !== 'latest') this.cursor = start;
  }

  /**
   * Sends every matching event after the start, then live ones from `feed`, until `end()`. A replay
   * first waits for its key's turn (ReplayScheduler) and holds it until it is live.
   */
  async run(feed: StoreFeed): Promise<void> {
    this.feed = feed;
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

  /** One page of the replay, and the switch to live when the replay has caught up. */
  private async catchUp(feed: StoreFeed): Promise<void> {
    const { eventLog, replays } = this.services;
    const page = await replays.read(
      () => eventLog.readMatchingAfter(feed.eventStoreId, this.filter, this.cursor, FEED_PAGE_SIZE, { shape: 'frame' }),
      this.ending.signal,
    );
    for (const event of page.events) {
      const frame = eventFrame(this.id, event);
      const wait = this.roomFor(frame.length);
      if (wait) await wait;
      if (this.mode === 'ended') return;
      this.sink.send(frame);
      this.lastSentAt = Date.now();
      this.cursor = event.globalPosition;
    }
    if (this.ended || page.hasMore) return;
    this.cursor = Math.max(this.cursor, page.lastPosition);

    if (this.mode === 'replaying') {
      this.bridgeFrom = feed.position;
      feed.attach(this);
      this.mode = this.cursor >= this.bridgeFrom ? 'live' : 'bridging';
      // The feed may not have heard of what the replay just read; let it look.
      if (this.mode === 'live') feed.wake();
      return;
    }
    if (this.cursor >= this.bridgeFrom) {
      const bridged = this.bridged;
      this.bridged = [];
      this.mode = 'live';
      for (const batch of bridged) this.sendLive(batch);
    }
  }

  /**
   * Before a replayed frame: undefined if it may go now, else resolves once the socket has room (the
   * client reads slower than the replay sends) and the instance's replays may send more in this turn
   * of the event loop (so that requests of others are served between the frames of a page).
   */
  private roomFor(bytes: number): Promise<void> | undefined {
    const full = this.sink.whenWritable();
    if (full) return full.then(() => this.services.replays.pace(bytes));
    return this.services.replays.pace(bytes);
  }

  private sendLive({ events, upTo }: FeedBatch): void {
    let sent = false;
    for (const event of events) {
      if (event.globalPosition > this.cursor && this.matches(event)) {
        this.sink.send(eventFrame(this.id, event));
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
