import { ConnectionShares, type DatabaseWork, ReleaseConnection } from './connection-shares';

describe('ConnectionShares', () => {
  const limits = { connections: 4, perTenant: 2, readsPerTenant: 2, reservedForAppends: 1, maxWaitMs: 60_000 };
  let shares: ConnectionShares;
  const granted: string[] = [];
  const releases = new Map<string, ReleaseConnection>();

  /**
   * Asks for a connection as `name` (tenant and work), noting when it is granted. A request a test
   * leaves waiting is refused after maxWaitMs, long after the test: that refusal is nobody's concern.
   */
  const ask = (name: string, tenantId: string, work: DatabaseWork = 'read', on = shares) =>
    on.acquire(tenantId, work).then(
      (release) => {
        granted.push(name);
        releases.set(name, release);
      },
      () => undefined,
    );
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    shares = new ConnectionShares(limits);
    granted.length = 0;
    releases.clear();
  });

  it('lets a tenant hold at most its share; its next request waits while others are served at once', async () => {
    void ask('a1', 'A');
    void ask('a2', 'A');
    void ask('a3', 'A');
    void ask('b1', 'B');
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1']);
    expect(shares.waiting).toBe(1);

    releases.get('a1')!();
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('leaves the reserved connections to appends: reads wait, an append of anyone goes', async () => {
    void ask('a1', 'A');
    void ask('b1', 'B');
    void ask('c1', 'C');
    void ask('d1', 'D');
    void ask('e1', 'E', 'append');
    await settle();
    expect(granted).toEqual(['a1', 'b1', 'c1', 'e1']);
    expect(shares.inUse).toBe(4);
  });

  it("serves waiting tenants in turn, so one tenant's long queue delays another's request by one turn at most", async () => {
    const one = new ConnectionShares({ ...limits, connections: 1, reservedForAppends: 0 });
    void ask('a1', 'A', 'read', one);
    for (const name of ['a2', 'a3', 'a4']) void ask(name, 'A', 'read', one);
    void ask('b1', 'B', 'read', one);
    await settle();
    expect(granted).toEqual(['a1']);
    // A queued first, so it has the first turn; then B, then A again.
    for (const name of ['a1', 'a2', 'b1', 'a3']) {
      releases.get(name)!();
      await settle();
    }
    expect(granted).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('lets a tenant run at most readsPerTenant reads at once, its appends taking the rest of its share', async () => {
    const wide = new ConnectionShares({ ...limits, connections: 8, perTenant: 4, readsPerTenant: 2, reservedForAppends: 0 });
    for (const name of ['a1', 'a2', 'a3']) void ask(name, 'A', 'read', wide);
    void ask('a4', 'A', 'append', wide);
    void ask('b1', 'B', 'read', wide);
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'a4', 'b1']);

    releases.get('a1')!();
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'a4', 'b1', 'a3']);
  });

  it("serves a tenant's waiting append ahead of its own waiting reads", async () => {
    void ask('a1', 'A');
    void ask('a2', 'A');
    void ask('a-read', 'A');
    void ask('a-append', 'A', 'append');
    await settle();
    releases.get('a1')!();
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'a-append']);
  });

  it('answers 503 to a request that waited longer than maxWaitMs, and forgets it', async () => {
    jest.useFakeTimers();
    try {
      const patient = new ConnectionShares({ ...limits, perTenant: 1, maxWaitMs: 1000 });
      await patient.acquire('A', 'read');
      const waiting = patient.acquire('A', 'read');
      jest.advanceTimersByTime(1000);
      await expect(waiting).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', details: { limit: 'databaseConnections' } });
      expect(patient.waiting).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives a connection back once, however often its release is called', async () => {
    void ask('a1', 'A');
    await settle();
    releases.get('a1')!();
    releases.get('a1')!();
    expect(shares.inUse).toBe(0);
  });
});
