import cluster, { Worker } from 'node:cluster';

/**
 * What the API's primary and its node:cluster workers tell each other over their IPC channels
 * (WEB_CONCURRENCY > 1). Every type is prefixed, so that other users of the channel (prom-client's
 * own metrics requests) are told apart.
 */
export type WorkerMessage =
  /** The worker could not start (sent just before it exits 1): the primary reports this reason and stops. */
  | { type: 'event-store:start-failed'; reason: string }
  /** A scrape of `GET /metrics` on this worker: the primary answers with every worker's metrics. */
  | { type: 'event-store:metrics-request'; requestId: number };

export type PrimaryMessage =
  /** Stop as on SIGTERM (drain, close, exit 0); the signal is the one the primary received. */
  | { type: 'event-store:stop'; signal: NodeJS.Signals }
  /** The answer to a metrics request: the aggregated text, or why there is none. */
  | { type: 'event-store:metrics'; requestId: number; metrics?: string; error?: string };

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return isMessage(message) && (message.type === 'event-store:start-failed' || message.type === 'event-store:metrics-request');
}

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  return isMessage(message) && (message.type === 'event-store:stop' || message.type === 'event-store:metrics');
}

function isMessage(message: unknown): message is { type: unknown } {
  return typeof message === 'object' && message !== null && 'type' in message;
}

/** In a worker: sends a message to the primary; resolves once it is written (false when the channel is gone). */
export function tellPrimary(message: WorkerMessage): Promise<boolean> {
  return new Promise((resolve) => {
    if (!cluster.isWorker || !process.send || !process.connected) return resolve(false);
    process.send(message, undefined, {}, (error) => resolve(!error));
  });
}

/** In a worker: calls `listener` with each message of the primary. */
export function onPrimaryMessage(listener: (message: PrimaryMessage) => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (message: unknown) => {
    if (isPrimaryMessage(message)) listener(message);
  });
}

/** In the primary: sends a message to a worker, unless its channel is closed already (it is exiting). */
export function tellWorker(worker: Worker, message: PrimaryMessage): void {
  // With a callback, a channel closed meanwhile is an error passed to it, not an 'error' event nobody listens to.
  if (worker.isConnected()) worker.send(message, undefined, () => undefined);
}
