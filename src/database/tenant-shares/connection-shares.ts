import { DatabaseBusyError } from './database-shares.errors';

/** Appends are served ahead of reads and may take the connections reads leave them. */
export type DatabaseWork = 'append' | 'read';

/** Gives a connection back to the shares; calling it again does nothing. */
export type ReleaseConnection = () => void;

export interface ConnectionShareLimits {
  /** Connections of the pool: never more are handed out at once. */
  connections: number;
  /** Connections one tenant may hold at once, whatever it does with them. */
  perTenant: number;
  /**
   * Of those, how many its reads may hold at once: a read can keep a database core busy for up to the
   * statement timeout, and a tenant running one per core would leave the others' queries waiting for CPU.
   */
  readsPerTenant: number;
  /** Connections reads never take, so that an append always finds one no read holds. */
  reservedForAppends: number;
  /** How long a request may wait for a connection before it is answered 503. */
  maxWaitMs: number;
}

interface Waiter {
  work: DatabaseWork;
  grant(): void;
}

/** One tenant's connections in use and its requests waiting, appends ahead of reads. */
interface Lane {
  held: number;
  readsHeld: number;
  appends: Waiter[];
  reads: Waiter[];
}

/**
 * Shares a database pool among tenants: a tenant holds at most `perTenant` connections at once, at
 * most `readsPerTenant` of them for reads, reads of all tenants together leave `reservedForAppends` free, and a request that cannot have a
 * connection now waits in its tenant's own queue. When a connection comes back, tenants with
 * someone waiting are served in turn (round robin), each its oldest append first, then its oldest
 * read; so one tenant's hundred queued reads delay another tenant's request by at most one turn,
 * and never an append behind a read of someone else.
 *
 * Work without a tenant (authentication before the key is known, operators' requests, audits,
 * gauges) shares the lane of the empty tenant id like any other tenant.
 */
export class ConnectionShares {
  private held = 0;
  private readsHeld = 0;
  private readonly lanes = new Map<string, Lane>();
  /** Tenants with someone waiting, in the order they are served; the head is served next. */
  private readonly turns: string[] = [];

  constructor(private readonly limits: ConnectionShareLimits) {}

  /** Requests waiting for a connection, over all tenants. */
  get waiting(): number {
    let count = 0;
    for (const lane of this.lanes.values()) count += lane.appends.length + lane.reads.length;
    return count;
  }

  /** Connections handed out now. */
  get inUse(): number {
    return this.held;
  }

  /** One of the tenant's connections (null: work of nobody's), at once or once its turn comes; 503 after maxWaitMs. */
  acquire(tenant: string | null, work: DatabaseWork): Promise<ReleaseConnection> {
    const tenantId = tenant ?? '';
    const lane = this.lane(tenantId);
    const queue = work === 'append' ? lane.appends : lane.reads;
    if (queue.length === 0 && this.mayTake(lane, work)) return Promise.resolve(this.take(tenantId, lane, work));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        if (!hasWaiters(lane)) this.leaveTurns(tenantId);
        this.forgetIfIdle(tenantId, lane);
        reject(new DatabaseBusyError(this.limits.maxWaitMs));
      }, this.limits.maxWaitMs).unref();
      const waiter: Waiter = {
        work,
        grant: () => {
          clearTimeout(timer);
          resolve(this.take(tenantId, lane, work));
        },
      };
      queue.push(waiter);
      if (!this.turns.includes(tenantId)) this.turns.push(tenantId);
    });
  }

  /** Runs `run` holding one of the tenant's connections, given back however it ends. */
  async holding<T>(tenantId: string | null, work: DatabaseWork, run: () => Promise<T>): Promise<T> {
    const release = await this.acquire(tenantId, work);
    try {
      return await run();
    } finally {
      release();
    }
  }

  private mayTake(lane: Lane, work: DatabaseWork): boolean {
    const { connections, perTenant, readsPerTenant, reservedForAppends } = this.limits;
    if (this.held >= connections || lane.held >= perTenant) return false;
    return work === 'append' || (lane.readsHeld < readsPerTenant && this.readsHeld < connections - reservedForAppends);
  }

  private take(tenantId: string, lane: Lane, work: DatabaseWork): ReleaseConnection {
    this.held += 1;
    lane.held += 1;
    if (work === 'read') {
      this.readsHeld += 1;
      lane.readsHeld += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      lane.held -= 1;
      if (work === 'read') {
        this.readsHeld -= 1;
        lane.readsHeld -= 1;
      }
      this.forgetIfIdle(tenantId, lane);
      this.serveWaiting();
    };
  }

  /** Hands free connections to waiting tenants in turn, until none is free or nobody waiting may take one. */
  private serveWaiting(): void {
    let passed = 0;
    while (passed < this.turns.length && this.held < this.limits.connections) {
      const tenantId = this.turns.shift()!;
      const lane = this.lanes.get(tenantId)!;
      if (!hasWaiters(lane)) continue;
      const waiter = this.next(lane);
      if (!waiter) {
        // Over its share, or a read while only reserved connections are free: its turn waits for the next release.
        this.turns.push(tenantId);
        passed += 1;
        continue;
      }
      (waiter.work === 'append' ? lane.appends : lane.reads).shift();
      if (hasWaiters(lane)) this.turns.push(tenantId);
      passed = 0;
      waiter.grant();
    }
  }

  /** The lane's first waiter that may take a connection now: its oldest append, else its oldest read. */
  private next(lane: Lane): Waiter | undefined {
    if (lane.appends.length > 0 && this.mayTake(lane, 'append')) return lane.appends[0];
    if (lane.reads.length > 0 && this.mayTake(lane, 'read')) return lane.reads[0];
    return undefined;
  }

  private lane(tenantId: string): Lane {
    let lane = this.lanes.get(tenantId);
    if (!lane) this.lanes.set(tenantId, (lane = { held: 0, readsHeld: 0, appends: [], reads: [] }));
    return lane;
  }

  /** A tenant holding and awaiting nothing is forgotten, so tenants seen once cost nothing. */
  private forgetIfIdle(tenantId: string, lane: Lane): void {
    if (lane.held > 0 || hasWaiters(lane)) return;
    this.lanes.delete(tenantId);
    this.leaveTurns(tenantId);
  }

  private leaveTurns(tenantId: string): void {
    const turn = this.turns.indexOf(tenantId);
    if (turn >= 0) this.turns.splice(turn, 1);
  }
}

const hasWaiters = (lane: Lane): boolean => lane.appends.length > 0 || lane.reads.length > 0;
