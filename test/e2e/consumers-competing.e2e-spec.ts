import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { CompetingClient, ConsumerLedger } from '../support/competing-consumers';
import { freePort, ServiceProcess } from '../support/service-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

/**
 * Durable consumers across two built API instances on one database and Redis (docs/consumers.md):
 * competing clients share one consumer's events, clients and instances come and go, and in the end
 * every event was acked exactly once, in order per stream, never two of one stream in flight.
 */
// Two API processes and thousands of events: generous for a loaded machine; nothing here is timed.
jest.setTimeout(300_000);

/** CONSUMER_MAX_IN_FLIGHT_PER_CLIENT's default, which the instances run with. */
const IN_FLIGHT_PER_CLIENT = 100;

describe('Consumers with competing clients on two API instances', () => {
  let database: TestDatabase;
  const instances: { process: ServiceProcess; port: number; api: ApiClient; env: Record<string, string> }[] = [];
  let tenant: TenantKey;
  let storeId: string;
  const clients: CompetingClient[] = [];

  const [a, b] = [0, 1].map((index) => () => instances[index]);
  const wsUrl = (port: number, clientId: string) =>
    `ws://127.0.0.1:${port}/event-stores/${storeId}/events/ws?${new URLSearchParams({ apiKey: tenant.key, clientId }).toString()}`;
  const attach = async (port: number, name: string, consumer: string, ledger: ConsumerLedger) => {
    const client = await CompetingClient.attach(wsUrl(port, name), name, consumer, ledger);
    clients.push(client);
    return client;
  };
  const consumer = (name: string) => a().api.http().get(`/event-stores/${storeId}/consumers/${name}`).set(bearer(tenant.key)).expect(200);
  /** `rounds` appends of `perAppend` events to each of `streams` streams, a few at a time. */
  const appendRounds = async (api: ApiClient, streams: number, rounds: number, perAppend: number) => {
    for (let round = 0; round < rounds; round += 1) {
      const appends = Array.from({ length: streams }, (_, stream) => stream);
      while (appends.length > 0) {
        await Promise.all(
          appends.splice(0, 10).map((stream) =>
            api
              .http()
              .post(`/event-stores/${storeId}/streams/s-${stream}`)
              .set(bearer(tenant.key))
              .send({ events: Array.from({ length: perAppend }, (_, index) => ({ type: 'item.added', data: { round, index } })) })
              .expect(200),
          ),
        );
      }
    }
  };
  const startInstance = (env: Record<string, string>) => ServiceProcess.startApi(env);
  const finished = async (name: string, total: number, ledger: ConsumerLedger) => {
    await waitFor(() => ledger.acks.size >= total, { timeoutMs: 240_000, intervalMs: 200, what: `${total} events acked` });
    await waitFor(async () => (await consumer(name)).body.checkpoint === total, { timeoutMs: 60_000, what: `checkpoint ${total}` });
  };
  const expectKeptPromises = (ledger: ConsumerLedger, total: number, leavers: number) => {
    expect(ledger.violations).toEqual([]);
    expect([...ledger.acks.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    expect([...ledger.acks.values()].every((count) => count === 1)).toBe(true);
    // Delivered again: only events a client left without acking (never one acked before: the ledger checks that as it
    // happens), each once more at most, and no more than the clients that left could hold (they may not have seen all
    // of them: some were still on their way when they left).
    const repeated = ledger.deliveries.filter((delivery) => delivery.delivery > 1);
    expect(repeated.filter((delivery) => delivery.delivery > 2)).toEqual([]);
    expect(repeated.length).toBeLessThanOrEqual(leavers * IN_FLIGHT_PER_CLIENT);
    expect([...ledger.handedBack].filter((position) => !repeated.some((delivery) => delivery.position === position))).toEqual([]);
  };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      const port = await freePort();
      const env = {
        DATABASE_URL: database.url,
        REDIS_PREFIX: `${testEnvironment.redisPrefix}-consumers`,
        RATE_LIMIT_EVENTS_PER_MINUTE: '100000000',
        RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
        PORT: String(port),
      };
      instances.push({ process: startInstance(env), port, api: new ApiClient(`http://127.0.0.1:${port}`), env });
    }
    await Promise.all(instances.map(({ process }) => process.waitForOutput(/Listening on port/)));
  });
  beforeEach(async () => {
    tenant = await a().api.tenantWithKey();
    storeId = (
      await a()
        .api.createStore(tenant.key, { name: `compete-${Math.random().toString(36).slice(2, 8)}` })
        .expect(201)
    ).body.id;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.leave('kill')));
  });
  afterAll(async () => {
    await Promise.all(instances.map(({ process }) => process.stop('SIGKILL')));
    await database.drop();
  });

  it('shares 5,000 events of 50 streams among 3 clients, one killed and one restarted midway: each acked once, in order', async () => {
    const TOTAL = 5000;
    const ledger = new ConsumerLedger();
    await a().api.http().post(`/event-stores/${storeId}/consumers`).set(bearer(tenant.key)).send({ name: 'competing' }).expect(201);
    await appendRounds(a().api, 50, 5, 10);
    const killed = await attach(a().port, 'c1', 'competing', ledger);
    const restarted = await attach(b().port, 'c2', 'competing', ledger);
    await attach(a().port, 'c3', 'competing', ledger);
    // The second half arrives while the clients work, through the other instance.
    const appending = appendRounds(b().api, 50, 5, 10);

    await waitFor(() => ledger.acks.size >= 1500, { timeoutMs: 120_000, what: '1,500 acks' });
    await killed.leave('kill');
    await waitFor(() => ledger.acks.size >= 3000, { timeoutMs: 120_000, what: '3,000 acks' });
    await restarted.leave('close');
    await attach(a().port, 'c2', 'competing', ledger);
    await appending;
    await finished('competing', TOTAL, ledger);

    expectKeptPromises(ledger, TOTAL, 2);
    const clientsThatWorked = new Set(ledger.deliveries.map((delivery) => delivery.client));
    expect(clientsThatWorked).toEqual(new Set(['c1', 'c2', 'c3']));
    const state = (await consumer('competing')).body;
    expect(state).toMatchObject({ checkpoint: TOTAL, lastPosition: TOTAL, lag: 0, inFlight: 0, parked: 0, connectedClients: 2 });
  });

  it('loses and duplicates nothing but unacked events when an API instance restarts under load', async () => {
    const TOTAL = 3000;
    const ledger = new ConsumerLedger();
    await a().api.http().post(`/event-stores/${storeId}/consumers`).set(bearer(tenant.key)).send({ name: 'restart' }).expect(201);
    await attach(a().port, 'r1', 'restart', ledger);
    const onB = await attach(b().port, 'r2', 'restart', ledger);
    const appending = appendRounds(a().api, 30, 10, 10);

    await waitFor(() => ledger.acks.size >= 1000, { timeoutMs: 120_000, what: '1,000 acks' });
    await onB.leave('none');
    await b().process.stop('SIGTERM');
    await onB.closed;
    instances[1] = { ...b(), process: startInstance(b().env) };
    await b().process.waitForOutput(/Listening on port/);
    await attach(b().port, 'r2', 'restart', ledger);
    await appending;
    await finished('restart', TOTAL, ledger);

    expectKeptPromises(ledger, TOTAL, 1);
    expect((await consumer('restart')).body).toMatchObject({ checkpoint: TOTAL, inFlight: 0, connectedClients: 2 });
  });
});
