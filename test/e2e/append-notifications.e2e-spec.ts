import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { databaseHosts } from '../../src/database/data-source-options';
import { validateEnvironment } from '../../src/config/validate-environment';
import { APPENDS_CHANNEL } from '../../src/event-log/event-log.constants';
import { AppendNotifications } from '../../src/event-log/notifications/append-notifications';
import { ApiClient, bearer } from '../support/api-client';
import { startTestApp } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

/**
 * Append notifications between API instances, on the real PostgreSQL and Redis: the database's NOTIFY
 * (which on Citus never leaves the worker that ran the append) and the announcement through Redis by
 * the instance that committed it. `listening` is an instance with a live feed; `appending` another
 * that only announces.
 */
describe('Append notifications', () => {
  let database: TestDatabase;
  let sql: Client;
  const redisClients: Redis[] = [];
  let listening: AppendNotifications;
  let appending: AppendNotifications;
  const heard: string[] = [];

  const instance = (prefix: string) => {
    const config = validateEnvironment({ DATABASE_URL: database.url, REDIS_URL: testEnvironment.redisUrl, REDIS_PREFIX: prefix });
    const redis = new Redis(testEnvironment.redisUrl);
    redisClients.push(redis);
    return new AppendNotifications(config, redis, databaseHosts(config));
  };
  const heardOf = (eventStoreId: string) => heard.filter((entry) => entry.startsWith(`${eventStoreId}:`));

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // A prefix of its own: the run's other API instances announce their appends under the run's.
    const prefix = `${testEnvironment.redisPrefix}-${randomBytes(3).toString('hex')}`;
    listening = instance(prefix);
    appending = instance(prefix);
    listening.listen((eventStoreId, lastPosition) => heard.push(`${eventStoreId}:${lastPosition}`));
    await listening.onApplicationBootstrap();
    await appending.onApplicationBootstrap();
  });
  afterAll(async () => {
    await listening.onApplicationShutdown();
    await appending.onApplicationShutdown();
    await Promise.all(redisClients.map((redis) => redis.quit()));
    await sql.end();
    await database.drop();
  });

  it('hands listeners an append announced by another instance, with no NOTIFY from the database (Citus: the append ran on a worker)', async () => {
    // Announced again until the subscription, made in the background, hears one: each a later position.
    let position = 0;
    await waitFor(
      () => {
        appending.announce('es_remote', ++position);
        return heardOf('es_remote').length > 0;
      },
      { what: 'an announcement through Redis' },
    );
    const positions = heardOf('es_remote').map((entry) => Number(entry.split(':')[1]));
    expect(positions.length).toBeGreaterThan(0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(Math.max(...positions)).toBeLessThanOrEqual(position);
  });

  it("hands listeners the database's NOTIFY alone (plain PostgreSQL, or Redis unreachable)", async () => {
    await sql.query(`SELECT pg_notify($1, 'es_local:7')`, [APPENDS_CHANNEL]);
    await waitFor(() => heardOf('es_local').length > 0, { what: 'the NOTIFY' });
    expect(heardOf('es_local')).toEqual(['es_local:7']);
  });

  it('hands each position to listeners once, whichever channel brings it first', async () => {
    await sql.query(`SELECT pg_notify($1, 'es_both:3')`, [APPENDS_CHANNEL]);
    appending.announce('es_both', 3);
    appending.announce('es_both', 2);
    appending.announce('es_both', 4);
    await sql.query(`SELECT pg_notify($1, 'es_both:4')`, [APPENDS_CHANNEL]);
    await waitFor(() => heardOf('es_both').includes('es_both:4'), { what: 'position 4' });
    // Both channels carried 3 and 4; the older 2 came after 3 on Redis.
    await sql.query(`SELECT pg_notify($1, 'es_done:1')`, [APPENDS_CHANNEL]);
    appending.announce('es_done', 1);
    await waitFor(() => heardOf('es_done').length > 0, { what: 'the last notices' });
    expect(heardOf('es_both')).toEqual(['es_both:3', 'es_both:4']);
  });

  it('is announced through Redis by the API instance that committed the append, once per committed batch', async () => {
    const prefix = `${testEnvironment.redisPrefix}-${randomBytes(3).toString('hex')}`;
    const subscriber = new Redis(testEnvironment.redisUrl);
    redisClients.push(subscriber);
    const announced: string[] = [];
    subscriber.on('message', (_channel: string, text: string) => announced.push(text));
    await subscriber.subscribe(`${prefix}:appends`);
    const testApp = await startTestApp({ REDIS_PREFIX: prefix });
    try {
      const api = new ApiClient(testApp.server);
      const tenant = await api.tenantWithKey();
      const { body: store } = await api.createStore(tenant.key, { name: 'announced' }).expect(201);
      const append = (count: number) =>
        api
          .http()
          .post(`/event-stores/${store.id}/streams/s`)
          .set(bearer(tenant.key))
          .send({ events: Array.from({ length: count }, () => ({ type: 'T', data: {} })) })
          .expect(200);
      await append(1);
      await append(2);
      await waitFor(() => announced.length >= 2, { what: 'two announcements' });
      expect(announced).toEqual([`${store.id}:1`, `${store.id}:3`]);
    } finally {
      await testApp.close();
    }
  });
});
