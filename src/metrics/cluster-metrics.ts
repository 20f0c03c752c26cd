import type { Worker } from 'node:cluster';
import { AggregatorRegistry, PrometheusContentType, Registry } from 'prom-client';
import { onPrimaryMessage, tellPrimary, tellWorker } from '../cluster/cluster-messages';
import { DomainError } from '../common/errors/domain-error';

/**
 * How long a worker waits for the primary's answer. prom-client's primary gives the workers 5 s to
 * send their metrics, then answers with an error: this bound only matters if the primary itself
 * does not answer, and keeps a scrape from waiting for ever.
 */
const METRICS_ANSWER_TIMEOUT_MS = 6000;

/** A scrape of a worker whose primary could not gather every worker's metrics in time. */
export class MetricsUnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;

  constructor(reason: string) {
    super(`The metrics of every API process could not be gathered (${reason}); retry`);
  }
}

/**
 * `GET /metrics` with several API processes (WEB_CONCURRENCY > 1): whichever worker serves the
 * scrape asks the primary, which asks every worker for its registry and aggregates them with
 * prom-client's AggregatorRegistry, each metric by its own `aggregator` (a sum unless the metric
 * says otherwise, see Metrics). A scrape thus describes the whole instance, whichever worker
 * Prometheus reaches.
 */
export class ClusterMetrics {
  /** In the primary: prom-client's requests to the workers, and the aggregation. */
  private readonly aggregator = new AggregatorRegistry<PrometheusContentType>();

  /** In the primary: answers a worker's metrics request. */
  async answer(worker: Worker, requestId: number): Promise<void> {
    const answer = await this.aggregator.clusterMetrics().then(
      (metrics) => ({ metrics }),
      (error: Error) => ({ error: error.message }),
    );
    tellWorker(worker, { type: 'event-store:metrics', requestId, ...answer });
  }

  /** In a worker: lets prom-client's requests from the primary collect `registry` (the process's Metrics). */
  static shareWithPrimary(registry: Registry): void {
    AggregatorRegistry.setRegistries([registry]);
    // Its constructor installs, once per process, the worker's answer to the primary's requests.
    new AggregatorRegistry<PrometheusContentType>();
  }

  /** In a worker: the aggregated metrics of every worker, from the primary. */
  static async ofEveryWorker(): Promise<string> {
    const requestId = nextRequestId++;
    listenForAnswers();
    const answer = new Promise<{ metrics?: string; error?: string }>((resolve) => {
      const timer = setTimeout(
        () => resolve({ error: `no answer from the primary within ${METRICS_ANSWER_TIMEOUT_MS} ms` }),
        METRICS_ANSWER_TIMEOUT_MS,
      );
      waiting.set(requestId, (received) => {
        clearTimeout(timer);
        resolve(received);
      });
    });
    if (!(await tellPrimary({ type: 'event-store:metrics-request', requestId })))
      waiting.get(requestId)?.({ error: 'the primary is gone' });
    const { metrics, error } = await answer.finally(() => waiting.delete(requestId));
    if (metrics === undefined) throw new MetricsUnavailableError(error ?? 'no metrics');
    return metrics;
  }
}

let nextRequestId = 0;
const waiting = new Map<number, (answer: { metrics?: string; error?: string }) => void>();
let listening = false;

function listenForAnswers(): void {
  if (listening) return;
  listening = true;
  onPrimaryMessage((message) => {
    if (message.type === 'event-store:metrics') waiting.get(message.requestId)?.(message);
  });
}
