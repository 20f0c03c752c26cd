import { type ConsumerHandler, ConsumerRun, type RunOptions } from './consumer-run.js';
import { WebSocketUnavailableError } from './errors.js';
import type { HttpTransport } from './http.js';
import type { CallOptions } from './store-options.js';
import type { BodyOf, ConsumerAcked, ConsumerInfo, CreateConsumerInput, LiveEvent, ParkedEvent, ParkedEventList } from './types.js';
import type { WebSocketConstructor } from './websocket.js';

export interface SetCheckpointOptions extends CallOptions {
  /** Move it even while clients are attached (otherwise 409 `CONSUMER_IN_USE`). */
  force?: boolean;
}

/**
 * A durable consumer of a store, by name (`store.consumer('billing')`); creating the handle sends
 * nothing. The service keeps its checkpoint and the events in flight, shares its events among every
 * client running it, redelivers what is not acked in time and parks what fails `maxDeliveries` times.
 */
export class Consumer {
  /** `/event-stores/<ref>/consumers/<name>`, encoded. */
  private readonly path: string;

  constructor(
    private readonly http: HttpTransport,
    private readonly storePath: string,
    /** The consumer's name. */
    readonly name: string,
    private readonly WebSocket: WebSocketConstructor | undefined,
  ) {
    this.path = `${storePath}/consumers/${encodeURIComponent(name)}`;
  }

  /**
   * Creates the consumer (admin scope): which events (`eventFilter`, all by default), where its
   * checkpoint starts (`from`: `beginning`, `latest` or a position), `ackTimeoutMs` and
   * `maxDeliveries`. 409 `CONFLICT` when the name is taken.
   */
  create(input: CreateConsumerInput = {}, options: CallOptions = {}): Promise<ConsumerInfo> {
    return this.http.request({
      method: 'POST',
      path: `${this.storePath}/consumers`,
      body: { name: this.name, ...input },
      signal: options.signal,
    });
  }

  /** Its settings and state: checkpoint, lag, events in flight, clients attached, parked events. */
  get(options: CallOptions = {}): Promise<ConsumerInfo> {
    return this.http.request({ method: 'GET', path: this.path, signal: options.signal });
  }

  /** Deletes it (admin scope); running clients end with `ConsumerNotFoundError`. */
  async delete(options: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'DELETE', path: this.path, signal: options.signal });
  }

  /**
   * Moves the checkpoint by hand (admin scope): back to reprocess, forward to skip, or to mirror where
   * a projection that keeps its own position is. Refused with 409 `CONSUMER_IN_USE` while clients are
   * attached, unless `force`. Events in flight and parked are forgotten.
   */
  setCheckpoint(position: number, options: SetCheckpointOptions = {}): Promise<ConsumerInfo> {
    return this.http.request({
      method: 'PUT',
      path: `${this.path}/checkpoint`,
      body: { position, ...(options.force !== undefined && { force: options.force }) },
      signal: options.signal,
    });
  }

  /** The events parked after `maxDeliveries` deliveries without an ack, oldest first; one request. */
  async *listParked(options: CallOptions = {}): AsyncGenerator<ParkedEvent, void> {
    const list = await this.http.request<ParkedEventList>({ method: 'GET', path: `${this.path}/parked`, signal: options.signal });
    yield* list.items;
  }

  /** Makes a parked event pending again (admin scope): it is delivered again, counted from its first delivery. */
  async replayParked(position: number, options: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'POST', path: `${this.path}/parked/${position}/replay`, signal: options.signal });
  }

  /** Skips a parked event (admin scope): it counts as done, and the checkpoint may pass it. */
  async skipParked(position: number, options: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'DELETE', path: `${this.path}/parked/${position}`, signal: options.signal });
  }

  /**
   * Acks events by hand (read scope), for a program that takes the events itself over SSE: the
   * positions given, or with `upTo` every event delivered to `clientId` at or below it.
   */
  ack(input: BodyOf<'ackConsumerEvents'>, options: CallOptions = {}): Promise<ConsumerAcked> {
    return this.http.request({ method: 'POST', path: `${this.path}/ack`, body: input, signal: options.signal });
  }

  /**
   * Runs `handler` for each of the consumer's events as this client receives them, acking each once
   * the handler resolves, until `signal` aborts (then it resolves) or the service refuses the client
   * for good (then it rejects: the consumer deleted, the key revoked). Events of one stream run one
   * after another, in order; with `concurrency` > 1 events of different streams run at once.
   * Reconnects with backoff, over a WebSocket where there is one and Server-Sent Events elsewhere.
   */
  async run<Event extends LiveEvent = LiveEvent>(handler: ConsumerHandler<Event>, options: RunOptions = {}): Promise<void> {
    if (options.transport === 'websocket' && !this.WebSocket) {
      throw new WebSocketUnavailableError("consumer.run() with transport 'websocket'");
    }
    const run = new ConsumerRun(
      { http: this.http, storePath: this.storePath, consumerPath: this.path, consumer: this.name, WebSocket: this.WebSocket },
      handler as ConsumerHandler,
      options,
    );
    await run.done;
  }
}
