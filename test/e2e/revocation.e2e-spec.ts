import { performance } from 'node:perf_hooks';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { cli } from '../support/cli-process';
import { FaultyLink } from '../support/faulty-link';
import { freePort, ServiceProcess } from '../support/service-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { TestSocket } from '../support/ws-client';

/**
 * DECISIONS §6 across processes: once `DELETE /admin/api-keys/{id}` has answered 204 on one API
 * instance (or the CLI has said it revoked the key), every instance refuses the key, its tokens and
 * new WebSockets with it, from the very next request on, even where the key was just verified and
 * remembered. B and C hear Redis late (everything Redis sends them arrives later), so the
 * announcement of a revocation reaches them after the next request does: they must not answer from
 * what they remember before they have heard everything announced until then. B's lag is longer than
 * an answered PING vouches for its subscription (VOUCH_MS), so B checks with a PING of its own; C's
 * is shorter, so C trusts the last PING it sent, which the revoker's wait after its announcement must
 * cover. Each instance reaches Redis through a link the last tests cut.
 */
// Two API processes start here and the CLI runs three times; the default 30 s is tight for that on a busy machine.
jest.setTimeout(120_000);

/** B's and C's lag: longer than VOUCH_MS (src/common/redis/channel-subscription.ts, 150 ms), and shorter. */
const REDIS_LAG_MS = [200, 40];
/** How long an instance may remember a verified key (VERIFIED_KEY_TTL_MS in src/tenants/api-key-authenticator.ts). */
const KEY_CACHE_MS = 1000;

describe('Revocation across API instances', () => {
  let database: TestDatabase;
  const instances: { process: ServiceProcess; port: number; api: ApiClient; redisLink: FaultyLink }[] = [];
  let owner: TenantKey;
  let storeId: string;

  type Instance = (typeof instances)[number];
  const [a, b, c] = [0, 1, 2].map((index) => () => instances[index]);

  /** What `on` answers for the key on family A, for its token on family B, and for a WebSocket with it, all at once. */
  const statusesOn = async (on: Instance, key: TenantKey, token: string) => {
    const [byKey, byToken, upgrade] = await Promise.all([
      on.api.http().get('/event-stores').set(bearer(key.key)),
      on.api.http().get('/api/event-stores').set(bearer(token)),
      TestSocket.refusal(`ws://127.0.0.1:${on.port}/event-stores/${storeId}/events/ws?apiKey=${key.key}`).catch((error: Error) => ({
        status: error.message,
      })),
    ]);
    return { byKey: byKey.status, byToken: byToken.status, upgrade: upgrade.status };
  };

  /** A new key of the owner's tenant and a token for it, both just verified on `on` (so it remembers them). */
  const keyUsedOn = async (on: Instance) => {
    const key = await a().api.keyFor(owner.tenantId, ['read']);
    const token = await on.api.accessToken(key.key);
    await on.api.http().get('/event-stores').set(bearer(key.key)).expect(200);
    await on.api.http().get('/api/event-stores').set(bearer(token)).expect(200);
    return { key, token };
  };

  /**
   * Runs `during` while requests on `on` with the key and with its token follow one another; returns
   * the statuses it answered meanwhile to each, in order.
   */
  const usingOn = async (on: Instance, { key, token }: { key: TenantKey; token: string }, during: () => Promise<void>) => {
    const statuses = { byKey: [] as number[], byToken: [] as number[] };
    let stopped = false;
    const using = (async () => {
      while (!stopped) {
        statuses.byKey.push((await on.api.http().get('/event-stores').set(bearer(key.key))).status);
        statuses.byToken.push((await on.api.http().get('/api/event-stores').set(bearer(token))).status);
      }
    })();
    try {
      await during();
    } finally {
      stopped = true;
      await using;
    }
    return statuses;
  };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    const redis = new URL(testEnvironment.redisUrl);
    for (const delayMs of [0, ...REDIS_LAG_MS]) {
      const redisLink = await FaultyLink.start(redis, { delayMs });
      const port = await freePort();
      const process = ServiceProcess.startApi({
        DATABASE_URL: database.url,
        REDIS_URL: redisLink.url,
        PORT: String(port),
      });
      instances.push({ process, port, api: new ApiClient(`http://127.0.0.1:${port}`), redisLink });
    }
    await Promise.all(instances.map(({ process }) => process.waitForOutput(/Listening on port/)));
    owner = await a().api.tenantWithKey();
    storeId = (await a().api.createStore(owner.key, { name: 'revocations' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await Promise.all(instances.map(({ process }) => process.stop('SIGKILL')));
    await Promise.all(instances.map(({ redisLink }) => redisLink.close()));
    await database.drop();
  });

  it.each([
    ['B', b],
    ['C', c],
  ])('refuses the key, its token and a WebSocket on %s by the very next request after A answered 204', async (_name, on) => {
    // Several rounds: a check that merely raced the announcement would lose some of them.
    for (let round = 0; round < 10; round += 1) {
      const { key, token } = await keyUsedOn(on());
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect({ round, ...(await statusesOn(on(), key, token)) }).toEqual({ round, byKey: 401, byToken: 401, upgrade: 401 });
    }
  });

  it('refuses a key on C by the very next request after the CLI revoked it, while C kept using it', async () => {
    // C verifies the key again and again while the CLI starts, so it is remembered, and its last PING recent, when the revocation lands.
    for (let round = 0; round < 3; round += 1) {
      const { key, token } = await keyUsedOn(c());
      const statuses = await usingOn(c(), { key, token }, async () => {
        const revoked = await cli(database.url, 'api-keys:revoke', key.apiKeyId);
        expect(JSON.parse(revoked.stdout)).toEqual({ success: true, revoked: key.apiKeyId });
        expect({ round, ...(await statusesOn(c(), key, token)) }).toEqual({ round, byKey: 401, byToken: 401, upgrade: 401 });
      });
      // Accepted until the revocation, refused from then on: never accepted again once refused. (The key
      // and its token are remembered apart, and each learns of the revocation in its own time before the
      // CLI is done: one may be refused while the other is still accepted.)
      for (const answered of [statuses.byKey, statuses.byToken]) {
        expect(answered).toEqual([...answered.filter((status) => status === 200), ...answered.filter((status) => status === 401)]);
      }
    }
  });

  it('answers 204 on an instance cut off from Redis only once no instance can still hold the key as verified', async () => {
    const { key, token } = await keyUsedOn(b());
    a().redisLink.cut();
    try {
      const startedAt = performance.now();
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(KEY_CACHE_MS);
      expect(await statusesOn(b(), key, token)).toEqual({ byKey: 401, byToken: 401, upgrade: 401 });
    } finally {
      a().redisLink.restore();
    }
  });

  it('does not answer from memory on an instance cut off from Redis, which could not hear the revocation', async () => {
    const { key, token } = await keyUsedOn(b());
    b().redisLink.cut();
    try {
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect(await statusesOn(b(), key, token)).toEqual({ byKey: 401, byToken: 401, upgrade: 401 });
    } finally {
      b().redisLink.restore();
    }
  });
});
