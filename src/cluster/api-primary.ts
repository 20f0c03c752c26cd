import { Logger } from '@nestjs/common';
import cluster, { Worker } from 'node:cluster';
import { flushLogs, jsonLogger } from '../common/logging/json-logger';
import type { EnvironmentVariables } from '../config/environment-variables';
import { runMigrations } from '../database/run-migrations';
import { ClusterMetrics } from '../metrics/cluster-metrics';
import { isWorkerMessage, tellWorker } from './cluster-messages';

/**
 * `node dist/main.js` with WEB_CONCURRENCY > 1: this process serves nothing itself. It migrates
 * once, then runs WEB_CONCURRENCY node:cluster workers, each the API as a lone process runs it
 * (startApi), all on PORT: the primary holds the port and hands the connections out in turn.
 */
export async function runApiPrimary(config: EnvironmentVariables): Promise<void> {
  Logger.overrideLogger(jsonLogger(config));
  await runMigrations(config);
  new ApiPrimary(config.WEB_CONCURRENCY, config.PORT).start();
}

interface WorkerState {
  listening: boolean;
  /** Why it could not start, as it told before exiting. */
  startFailure?: string;
}

/**
 * The primary's supervision:
 * - a worker that exits once it was listening is logged and replaced;
 * - a worker that exits before it listens (port taken, database unreachable) stops everything, exit
 *   1 with its reason: a start that failed once would fail again, so it is reported, not looped;
 * - SIGTERM or SIGINT asks every worker to stop (each drains as a lone API does), waits for all of
 *   them, exits 0, or 1 if one did not stop cleanly; a second signal kills them at once;
 * - a worker's `GET /metrics` gets every worker's metrics from here (ClusterMetrics).
 * Killed outright (SIGKILL), the primary takes its workers with it: a node:cluster worker exits at
 * once when its IPC channel to the primary closes.
 */
class ApiPrimary {
  private readonly logger = new Logger('Cluster');
  private readonly workers = new Map<Worker, WorkerState>();
  private readonly metrics = new ClusterMetrics();
  private stopping = false;
  /** The signal that stopped the workers (none when a failed start did). */
  private stopSignal?: NodeJS.Signals;
  private exitCode = 0;
  private announced = false;

  constructor(
    private readonly count: number,
    private readonly port: number,
  ) {}

  start(): void {
    cluster.on('listening', (worker) => this.listened(worker));
    cluster.on('message', (worker, message) => this.heard(worker, message));
    cluster.on('exit', (worker, code, signal) => this.exited(worker, code, signal as NodeJS.Signals | null));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => this.signalled(received));
    for (let i = 0; i < this.count; i++) this.fork();
  }

  private fork(): void {
    this.workers.set(cluster.fork(), { listening: false });
  }

  private listened(worker: Worker): void {
    const state = this.workers.get(worker);
    if (!state) return;
    state.listening = true;
    // It was still starting when the stop began: it is asked now, as it could not hear it then.
    if (this.stopping) return this.askToStop(worker);
    if (!this.announced && [...this.workers.values()].every(({ listening }) => listening)) {
      this.announced = true;
      this.logger.log(`Running ${this.count} API worker processes (WEB_CONCURRENCY) on port ${this.port}`);
    }
  }

  private heard(worker: Worker, message: unknown): void {
    if (!isWorkerMessage(message)) return;
    if (message.type === 'event-store:metrics-request') void this.metrics.answer(worker, message.requestId);
    else {
      const state = this.workers.get(worker);
      if (state) state.startFailure = message.reason;
    }
  }

  private exited(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    const state = this.workers.get(worker) ?? { listening: false };
    this.workers.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (this.stopping) {
      // Killed by the SIGTERM it was sent while it was still starting, before it had anything to drain: a clean stop too.
      if (code !== 0 && !(signal === 'SIGTERM' && !state.listening)) {
        this.exitCode = 1;
        this.logger.error(`Worker ${worker.id} (pid ${worker.process.pid}) did not stop cleanly (${how})`);
      }
      if (this.workers.size === 0) void this.exit();
    } else if (!state.listening) {
      this.failStart(state.startFailure ?? `worker ${worker.id} exited (${how}) before listening`);
    } else {
      this.logger.error(`Worker ${worker.id} (pid ${worker.process.pid}) exited unexpectedly (${how}); starting a replacement`);
      this.fork();
    }
  }

  /** One line, as a lone API's failed start (runEntryPoint): the operator fixes the cause and starts again. */
  private failStart(reason: string): void {
    console.error(`API failed to start: ${reason}`);
    this.exitCode = 1;
    this.stopWorkers();
  }

  private signalled(signal: NodeJS.Signals): void {
    if (this.stopping) {
      // The second signal: no more waiting.
      for (const worker of this.workers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    this.stopSignal = signal;
    this.logger.log(`Shutting down on ${signal}: stopping ${this.workers.size} API worker processes`);
    this.stopWorkers();
  }

  private stopWorkers(): void {
    this.stopping = true;
    if (this.workers.size === 0) return void this.exit();
    for (const [worker, { listening }] of this.workers) {
      // One still starting may not hear a message yet; before its own handler is in place, SIGTERM ends it.
      if (listening) this.askToStop(worker);
      else worker.process.kill('SIGTERM');
    }
  }

  private askToStop(worker: Worker): void {
    tellWorker(worker, { type: 'event-store:stop', signal: this.stopSignal ?? 'SIGTERM' });
  }

  private async exit(): Promise<void> {
    if (this.stopSignal) this.logger.log('Shutdown complete');
    await flushLogs();
    process.exit(this.exitCode);
  }
}
