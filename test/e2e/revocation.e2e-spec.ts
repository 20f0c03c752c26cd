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
 * remembered. B hears Redis late (everything Redis sends it arrives REDIS_LAG_MS later), so the
 * announcement of a revocation reaches B after the next request does: B must not answer from what
 * it remembers before it has heard everything announced until then. Each instance reaches Redis
 * through a link the last tests cut.
 */
// Two API processes start here and the CLI runs three times; the default 30 s is tight for that on a busy machine.
jest.setTimeout(120_000);

const REDIS_LAG_MS = 200;
/** How long an instance may remember a verified key (VERIFIED_KEY_TTL_MS in src/tenants/api-key-authenticator.ts). */
const KEY_CACHE_MS = 1000;

describe('Revocation across API instances', () => {
  let database: TestDatabase;
  const instances: { process: ServiceProcess; port: number; api: ApiClient; redisLink: FaultyLink }[] = [];
  let owner: TenantKey;
  let storeId: string;

  const [a, b] = [0, 1].map((index) => () => instances[index]);

  /** What B answers for the key on family A, for its token on family B, and for a WebSocket with it, all at once. */
  const statusesOnB = async (key: TenantKey, token: string) => {
    const [byKey, byToken, upgrade] = await Promise.all([
      b().api.http().get('/event-stores').set(bearer(key.key)),
      b().api.http().get('/api/event-stores').set(bearer(token)),
      TestSocket.refusal(`ws://127.0.0.1:${b().port}/event-stores/${storeId}/events/ws?apiKey=${key.key}`).catch((error: Error) => ({
        status: error.message,
      })),
    ]);
    return { byKey: byKey.status, byToken: byToken.status, upgrade: upgrade.status };
  };

  /** A new key of the owner's tenant and a token for it, both just verified on B (so B remembers them). */
  const keyUsedOnB = async () => {
    const key = await a().api.keyFor(owner.tenantId, ['read']);
    const token = await b().api.accessToken(key.key);
    await b().api.http().get('/event-stores').set(bearer(key.key)).expect(200);
    await b().api.http().get('/api/event-stores').set(bearer(token)).expect(200);
    return { key, token };
  };

  /**
   * Runs `during` while requests on B with the key and its token follow one another; returns the
   * statuses B answered meanwhile, in order.
   */
  const usingOnB = async ({ key, token }: { key: TenantKey; token: string }, during: () => Promise<void>) => {
    const statuses: number[] = [];
    let stopped = false;
    const using = (async () => {
      while (!stopped) {
        statuses.push((await b().api.http().get('/event-stores').set(bearer(key.key))).status);
        statuses.push((await b().api.http().get('/api/event-stores').set(bearer(token))).status);
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
    for (const delayMs of [0, REDIS_LAG_MS]) {
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

  it('refuses the key, its token and a WebSocket on B by the very next request after A answered 204', async () => {
    // Several rounds: a check that merely raced the announcement would lose some of them.
    for (let round = 0; round < 10; round += 1) {
      const { key, token } = await keyUsedOnB();
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect({ round, ...(await statusesOnB(key, token)) }).toEqual({ round, byKey: 401, byToken: 401, upgrade: 401 });
    }
  });

  it('refuses a key on B by the very next request after the CLI revoked it, while B kept using it', async () => {
    // B verifies the key again and again while the CLI starts, so it is remembered when the revocation lands.
    for (let round = 0; round < 3; round += 1) {
      const { key, token } = await keyUsedOnB();
      const statuses = await usingOnB({ key, token }, async () => {
        const revoked = await cli(database.url, 'api-keys:revoke', key.apiKeyId);
        expect(JSON.parse(revoked.stdout)).toEqual({ success: true, revoked: key.apiKeyId });
        expect({ round, ...(await statusesOnB(key, token)) }).toEqual({ round, byKey: 401, byToken: 401, upgrade: 401 });
      });
      // Accepted until the revocation, refused from then on: never accepted again once refused.
      expect(statuses).toEqual([...statuses.filter((status) => status === 200), ...statuses.filter((status) => status === 401)]);
    }
  });

  it('answers 204 on an instance cut off from Redis only once no instance can still hold the key as verified', async () => {
    const { key, token } = await keyUsedOnB();
    a().redisLink.cut();
    try {
      const startedAt = performance.now();
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(KEY_CACHE_MS);
      expect(await statusesOnB(key, token)).toEqual({ byKey: 401, byToken: 401, upgrade: 401 });
    } finally {
      a().redisLink.restore();
    }
  });

  it('does not answer from memory on an instance cut off from Redis, which could not hear the revocation', async () => {
    const { key, token } = await keyUsedOnB();
    b().redisLink.cut();
    try {
      await a().api.admin().revokeApiKey(key.apiKeyId).expect(204);
      expect(await statusesOnB(key, token)).toEqual({ byKey: 401, byToken: 401, upgrade: 401 });
    } finally {
      b().redisLink.restore();
    }
  });
});
