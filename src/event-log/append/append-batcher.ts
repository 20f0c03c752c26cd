import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EnvironmentVariables } from '../../config/environment-variables';
import { Metrics } from '../../metrics/metrics';
import type { AppendOutcome, DcbAppendOutcome, StreamAppendOutcome } from './append-outcome';
import { AppendRequest, DcbAppendRequest, serialiseRequest, StreamAppendRequest } from './append-request';
import { EventsAppendedEvent } from './events-appended.event';
import { isDatabaseUnavailable, isRefusedByServer, isStatementTimeout } from '../../database/postgres-errors';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';

/** A batch stops growing at the first of these, so that its transaction, and the wait behind it, stay short. */
export const MAX_BATCH_REQUESTS = 256;
export const MAX_BATCH_EVENTS = 2000;
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;

interface Pending {
  kind: AppendRequest['kind'];
  /** The request's element of `append_batch`'s JSON array, and its events' data and metadata. */
  json: string;
  payload: Buffer;
  events: number;
  /** Stops the append's duration metric (from arrival to commit, the wait for its batch included). */
  stopTimer: () => void;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

/** A request's size in a batch: the characters of its JSON and the bytes of its payloads. */
const textLength = (pending: Pending) => pending.json.length + pending.payload.length;

/** A row of `append_batch`: the request's index in the batch and its outcome (sql/append-batch.sql.ts). */
type OutcomeRow = { ordinal: number } & AppendOutcome;

/**
 * Batches of one store in flight at most. The second is already in PostgreSQL, parsed and waiting
 * for the store's lock, when the first commits: nothing (no round trip, no Node work, no parsing of
 * the next batch's JSON) sits between two commits of the store. More would only queue on the lock.
 */
export const BATCHES_IN_FLIGHT = 2;

/**
 * A second batch goes in flight only once the requests waiting hold this much JSON. Large batches
 * are worth overlapping: PostgreSQL parses a 100-event 1 KB append's JSON for milliseconds before
 * it can take the lock (8 clients of those appends: 0.67x the raw baseline with one batch in flight,
 * 0.99x with two). Small requests are better off waiting for the next, larger batch: a second
 * batch in flight halved the batches of single-event appends and doubled their commits.
 */
export const SECOND_BATCH_MIN_BYTES = 64 * 1024;

/** A store with appends pending: those waiting for a batch (and their JSON's length), and how many of its batches run. */
interface StoreQueue {
  /** The store's tenant, whose share of the database its batches use. */
  tenantId: string;
  waiting: Pending[];
  waitingBytes: number;
  inFlight: number;
  /** A dispatch is due at the end of this turn of the event loop (dispatchSoon). */
  dispatchDue: boolean;
}

/**
 * Group commit (issue 8). A store commits one append transaction at a time (its row lock hands out
 * positions, DECISIONS §2), so requests that arrive while its batches are in flight wait here and
 * then go together: one statement, one transaction, one round trip, each request decided by
 * `append_batch` as if it ran alone after the ones before it. A request to an idle store goes at
 * the end of the turn of the event loop that brought it (dispatchSoon), so batching adds no latency
 * to speak of; under load it takes the place of waiting for the lock. When
 * enough is waiting (SECOND_BATCH_MIN_BYTES), up to BATCHES_IN_FLIGHT batches of a store run at
 * once, taking turns on its lock in PostgreSQL in whatever order they reach it: each decides its
 * requests on the state it finds there. Several API
 * instances each batch their own requests, and their batches take turns on the same lock.
 */
@Injectable()
export class AppendBatcher {
  private readonly logger = new Logger(AppendBatcher.name);
  /** Stores with appends waiting or in flight; a store is forgotten when it has neither. */
  private readonly stores = new Map<string, StoreQueue>();

  constructor(
    private readonly database: TenantDatabase,
    private readonly config: EnvironmentVariables,
    private readonly eventBus: EventBus,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Appends in the next batch of the tenant's store; the outcome is `append_batch`'s for this request
   * (settle it with append-outcome.ts).
   */
  append(tenantId: string, eventStoreId: string, request: StreamAppendRequest): Promise<StreamAppendOutcome>;
  append(tenantId: string, eventStoreId: string, request: DcbAppendRequest): Promise<DcbAppendOutcome>;
  async append(tenantId: string, eventStoreId: string, request: AppendRequest): Promise<AppendOutcome> {
    const stopTimer = this.metrics.appendDuration.startTimer({ api: request.kind });
    const { json, payload } = await serialiseRequest(request);
    return new Promise((resolve, reject) => {
      let store = this.stores.get(eventStoreId);
      if (!store) {
        store = { tenantId, waiting: [], waitingBytes: 0, inFlight: 0, dispatchDue: false };
        this.stores.set(eventStoreId, store);
      }
      const pending: Pending = { kind: request.kind, json, payload, events: request.events.length, stopTimer, resolve, reject };
      store.waiting.push(pending);
      store.waitingBytes += textLength(pending);
      this.dispatchSoon(eventStoreId, store);
    });
  }

  /**
   * An idle store's next batch leaves once this turn's I/O callbacks have run (setImmediate), not
   * with the turn's first request: the requests one turn brings (clients answered by one commit and
   * sending again, requests released together by one Redis reply) go in one batch. Sent with the
   * first, the others waited for its commit, and batches alternated between one request and dozens
   * (32 clients of DCB appends: about a thousand of 1–4 and five hundred of 30 or more in 10 s). A
   * store with a batch in flight decides at once whether a second one goes (dispatch).
   */
  private dispatchSoon(eventStoreId: string, store: StoreQueue): void {
    if (store.inFlight > 0) return this.dispatch(eventStoreId, store);
    if (store.dispatchDue) return;
    store.dispatchDue = true;
    setImmediate(() => {
      store.dispatchDue = false;
      this.dispatch(eventStoreId, store);
    });
  }

  /** Starts batches of the store while it has requests waiting and room in flight; forgets it when idle. */
  private dispatch(eventStoreId: string, store: StoreQueue): void {
    while (
      store.waiting.length > 0 &&
      (store.inFlight === 0 || (store.inFlight < BATCHES_IN_FLIGHT && store.waitingBytes >= SECOND_BATCH_MIN_BYTES))
    ) {
      const batch = takeBatch(store.waiting);
      for (const pending of batch) store.waitingBytes -= textLength(pending);
      store.inFlight += 1;
      void this.commit(store.tenantId, eventStoreId, batch).finally(() => {
        store.inFlight -= 1;
        this.dispatch(eventStoreId, store);
      });
    }
    if (store.inFlight === 0) this.stores.delete(eventStoreId);
  }

  private async commit(tenantId: string, eventStoreId: string, batch: Pending[]): Promise<void> {
    let rows: OutcomeRow[];
    try {
      // The payloads as one Buffer, which pg sends as binary: PostgreSQL reads each event's text at its offset, unescaped.
      rows = await this.database
        .for(tenantId, 'append')
        .query(`SELECT ordinal, outcome, detail FROM append_batch($1, $2::jsonb, $3::bytea, $4)`, [
          eventStoreId,
          `[${batch.map((pending) => pending.json).join(',')}]`,
          Buffer.concat(batch.map((pending) => pending.payload)),
          this.config.RATE_LIMIT_EVENTS_PER_MINUTE,
        ]);
    } catch (error) {
      // Not a refusal (those are outcomes) but a failure. When PostgreSQL raised it (data it cannot
      // hold, say), the batch wrote nothing and each request runs alone, so that only the one that
      // caused it fails. Any other failure (a lost connection) may have come after the commit:
      // running the batch again could append it twice, so every request of it fails (503: the
      // database could not serve it), and clients retry with their Idempotency-Key.
      // A batch cancelled for its time, or refused by a database that cannot serve (read-only, shutting
      // down), would only be refused again one request at a time.
      if (batch.length === 1 || !isRefusedByServer(error) || isStatementTimeout(error) || isDatabaseUnavailable(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      this.logger.warn(
        `A batch of ${batch.length} appends to ${eventStoreId} failed (${(error as Error).message}); running them one by one`,
      );
      for (const pending of batch) await this.commit(tenantId, eventStoreId, [pending]);
      return;
    }
    this.metrics.appendBatchRequests.observe(batch.length);
    let lastPosition = 0;
    for (const { ordinal, ...outcome } of rows) {
      const pending = batch[ordinal];
      this.count(pending, outcome.outcome);
      pending.resolve(outcome);
      if (outcome.outcome === 'appended') lastPosition = Math.max(lastPosition, outcome.detail.lastPosition);
    }
    // One nudge per committed batch (see EventsAppendedEvent): its last position covers every append in it.
    if (lastPosition > 0) this.eventBus.publish(new EventsAppendedEvent(tenantId, eventStoreId, lastPosition));
  }

  /** Appended events and their duration (a replay appended nothing), and the refusals the metrics name. */
  private count({ kind, events, stopTimer }: Pending, outcome: AppendOutcome['outcome']): void {
    if (outcome === 'appended') {
      stopTimer();
      this.metrics.eventsAppended.inc({ api: kind }, events);
    } else if (outcome === 'budget_exceeded') {
      this.metrics.rateLimitRejected('events');
    } else if (outcome === 'condition_failed') {
      this.metrics.dcbConditionFailures.inc();
    }
  }
}

/**
 * The requests at the head of `waiting` that make the next batch: at least one, however large (a
 * single append is bounded by the body limit and 1000 events).
 */
function takeBatch(waiting: Pending[]): Pending[] {
  let events = 0;
  let bytes = 0;
  let taken = 0;
  while (taken < waiting.length && taken < MAX_BATCH_REQUESTS) {
    events += waiting[taken].events;
    bytes += textLength(waiting[taken]);
    if (taken > 0 && (events > MAX_BATCH_EVENTS || bytes > MAX_BATCH_BYTES)) break;
    taken += 1;
  }
  return waiting.splice(0, taken);
}
