import { Injectable } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import { REPLAY_BYTES_PER_TURN } from '../websocket.constants';
import { Release, Semaphore } from './semaphore';
import { TurnBudget } from './turn-budget';

/** What a subscription's replay asks of the scheduler, on behalf of its socket's API key. */
export interface ReplayPacing {
  /** Resolves once the key may run one more replay; the release ends its turn. Rejects if `signal` aborts first. */
  turn(signal: AbortSignal): Promise<Release>;
  /** Runs one database read of a replay or catch-up within the key's and the instance's share of the pool. */
  read<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /** Counts a replayed frame against this turn of the event loop: undefined if it may go now, else resolves in a later turn. */
  pace(bytes: number): Promise<void> | undefined;
}

/** One API key's replays on this instance: how many run, and their one read at a time. */
interface KeyReplays {
  turns: Semaphore;
  reads: Semaphore;
}

/**
 * Keeps this instance's WebSocket replays from taking the database pool from everyone else. Every
 * bound is waited for in order, never refused:
 * - at most WS_REPLAY_DB_CONNECTIONS replay reads run at once, so appends and reads of every tenant
 *   always find free connections, whatever the number of replays;
 * - one key's replays read one page at a time, so a key whose reads are slow (a rare type in a large
 *   store scans far) holds one of those connections, never all of them;
 * - at most WS_MAX_REPLAYS_PER_KEY replays of one key run at once; the others wait their turn;
 * - all replays together send about REPLAY_BYTES_PER_TURN per turn of the event loop, so that
 *   requests of others are served between their frames, however many replays run.
 */
@Injectable()
export class ReplayScheduler {
  private readonly reads: Semaphore;
  private readonly keys = new Map<string, KeyReplays>();
  private readonly sending = new TurnBudget(REPLAY_BYTES_PER_TURN);

  constructor(private readonly config: EnvironmentVariables) {
    this.reads = new Semaphore(config.WS_REPLAY_DB_CONNECTIONS);
  }

  forKey(apiKeyId: string): ReplayPacing {
    return {
      turn: (signal) => this.turn(apiKeyId, signal),
      read: (work, signal) => this.read(apiKeyId, work, signal),
      pace: (bytes) => this.sending.spend(bytes),
    };
  }

  private async turn(apiKeyId: string, signal: AbortSignal): Promise<Release> {
    const key = this.entry(apiKeyId);
    try {
      const release = await key.turns.acquire(signal);
      return () => {
        release();
        this.forgetIfIdle(apiKeyId, key);
      };
    } catch (error) {
      this.forgetIfIdle(apiKeyId, key);
      throw error;
    }
  }

  private async read<T>(apiKeyId: string, work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const key = this.entry(apiKeyId);
    try {
      // The key's lane first: a key waiting for its own read holds none of the instance's connections.
      const releaseLane = await key.reads.acquire(signal);
      try {
        const release = await this.reads.acquire(signal);
        try {
          return await work();
        } finally {
          release();
        }
      } finally {
        releaseLane();
      }
    } finally {
      this.forgetIfIdle(apiKeyId, key);
    }
  }

  private entry(apiKeyId: string): KeyReplays {
    let key = this.keys.get(apiKeyId);
    if (!key) {
      key = { turns: new Semaphore(this.config.WS_MAX_REPLAYS_PER_KEY), reads: new Semaphore(1) };
      this.keys.set(apiKeyId, key);
    }
    return key;
  }

  /** A key none of whose replays runs, reads or waits is forgotten, so keys seen once cost nothing. */
  private forgetIfIdle(apiKeyId: string, key: KeyReplays): void {
    if (key.turns.idle && key.reads.idle && this.keys.get(apiKeyId) === key) this.keys.delete(apiKeyId);
  }
}
