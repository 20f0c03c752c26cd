import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN, TEST_METRICS_TOKEN } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/**
 * The built API (`dist/main.js`) as several processes on one host: WEB_CONCURRENCY=2 makes it a
 * primary that migrates, then runs two node:cluster workers sharing the port. Both serve, appends
 * through both stay gap-free, `/metrics` adds up both, a crashed worker is replaced, and neither
 * SIGTERM nor a SIGKILL of the primary leaves a process behind.
 */
// Each test starts a primary and two workers at least; on a busy two-core machine that takes a while.
jest.setTimeout(180_000);

/** Processes whose parent is `pid`, from /proc (a zombie, dead but not reaped yet, is not counted). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat && stat.ppid === pid && stat.state !== 'Z') children.push(Number(entry));
  }
  return children.sort((a, b) => a - b);
}

function isRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

function readStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read from the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined; // gone
  }
}

/** The API's JSON log lines (a partly written last line is skipped). */
function logLines(service: ServiceProcess): Record<string, unknown>[] {
  return service.log.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** How many requests of `method` to paths matching `path` each worker's access log shows, by worker id. */
function servedByWorker(service: ServiceProcess, method: string, path: RegExp): Map<number, number> {
  const counts = new Map<number, number>();
  for (const line of logLines(service)) {
    const req = line.req as { method?: string; path?: string } | undefined;
    if (line.msg !== 'request completed' || req?.method !== method || !path.test(req.path ?? '')) continue;
    const worker = line.worker as number;
    counts.set(worker, (counts.get(worker) ?? 0) + 1);
  }
  return counts;
}

/** The value of one sample in Prometheus text (0 when the series does not exist yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label)) && (wanted.length > 0 || present.length === 0)) return Number(match[3]);
  }
  return 0;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields of the answer it expects
  body: any;
  text: string;
}

/**
 * One HTTP request. Without an agent it goes on a connection of its own, which the primary hands to
 * the next worker in turn: a run of such requests reaches every worker.
 */
function call(
  port: number,
  method: string,
  path: string,
  { token, body, agent, timeoutMs = 30_000 }: { token?: string; body?: unknown; agent?: Agent; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      ...(token && bearer(token)),
      ...(payload !== undefined && { 'Content-Type': 'application/json' }),
    };
    const sent = request({ host: '127.0.0.1', port, method, path, headers, agent: agent ?? false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, text });
      });
    });
    sent.on('error', reject);
    sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    sent.end(payload);
  });
}

describe('API as several processes (WEB_CONCURRENCY=2, node:cluster)', () => {
  let database: TestDatabase;
  const running: ServiceProcess[] = [];

  /** A primary with two workers on a free port, once both workers listen. */
  const startCluster = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    const api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    });
    running.push(api);
    await api.waitForOutput(/Running 2 API worker processes \(WEB_CONCURRENCY\) on port/, 120_000);
    return { api, port, pid: api.child.pid! };
  };

  beforeAll(async () => {
    database = await cloneTestDatabase();
  });
  afterAll(async () => {
    // A primary's workers end with it; any left over (a failed test) are killed by pid.
    const pids = running.flatMap((service) => childrenOf(service.child.pid!));
    await Promise.all(running.splice(0).map((service) => service.stop('SIGKILL')));
    for (const pid of pids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await database.drop();
  });

  describe('one cluster, serving', () => {
    let cluster: Awaited<ReturnType<typeof startCluster>>;
    let tenant: TenantKey;
    let storeId: string;

    beforeAll(async () => {
      cluster = await startCluster();
      const api = new ApiClient(`http://127.0.0.1:${cluster.port}`);
      tenant = await api.tenantWithKey();
      storeId = (await api.createStore(tenant.key, { name: 'cluster-store' }).expect(201)).body.id;
    });

    it('runs two worker processes under the primary, each naming itself in its log lines, and both serve requests', async () => {
      const workers = childrenOf(cluster.pid);
      expect(workers).toHaveLength(2);
      // Each worker's lines carry its id and its pid, the pids being the primary's two children.
      const listening = logLines(cluster.api).filter((line) => line.context === 'Api' && /^Listening on port/.test(String(line.msg)));
      expect(listening.map((line) => line.worker).sort()).toEqual([1, 2]);
      expect(listening.map((line) => line.pid as number).sort((a, b) => a - b)).toEqual(workers);
      // The primary's own lines name no worker.
      const primaryLines = logLines(cluster.api).filter((line) => line.pid === cluster.pid);
      expect(primaryLines.map((line) => line.msg)).toContain('Running 2 API worker processes (WEB_CONCURRENCY) on port ' + cluster.port);
      expect(primaryLines.every((line) => line.worker === undefined)).toBe(true);

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(cluster.port, 'GET', `/event-stores/${storeId}`, { token: tenant.key })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      await waitFor(() => [...servedByWorker(cluster.api, 'GET', /^\/event-stores\/es_/).values()].reduce((a, b) => a + b, 0) === 20);
      const served = servedByWorker(cluster.api, 'GET', /^\/event-stores\/es_/);
      expect([...served.keys()].sort()).toEqual([1, 2]);
    });

    it('takes 200 concurrent single-event appends over 5 streams and 40 connections through both workers: positions 1..200, exact versions', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 40 });
      const streams = ['s-0', 's-1', 's-2', 's-3', 's-4'];
      try {
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_unused, index) =>
            call(cluster.port, 'POST', `/event-stores/${storeId}/streams/${streams[index % 5]}`, {
              token: tenant.key,
              body: { events: [{ type: 'cluster.appended', data: { index } }] },
              agent,
            }),
          ),
        );
        expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
        // Answers: every global position once, and each stream's versions exactly 1..40.
        expect(answers.map((answer) => answer.body.globalPosition as number).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 200 }, (_unused, index) => index + 1),
        );
        for (const stream of streams) {
          const versions = answers
            .filter((_answer, index) => streams[index % 5] === stream)
            .map((answer) => answer.body.currentStreamVersion as number)
            .sort((a, b) => a - b);
          expect(versions).toEqual(Array.from({ length: 40 }, (_unused, index) => index + 1));
        }
      } finally {
        agent.destroy();
      }

      // Rows: the same, as stored.
      const sql = new Client({ connectionString: database.url });
      await sql.connect();
      try {
        const { rows } = await sql.query(
          `SELECT stream_id, count(*)::int AS count, min(stream_position)::int AS first, max(stream_position)::int AS last,
                  count(DISTINCT stream_position)::int AS distinct
             FROM events WHERE event_store_id = $1 GROUP BY stream_id ORDER BY stream_id`,
          [storeId],
        );
        expect(rows).toEqual(
          streams.map((stream_id) => ({ stream_id, count: 40, first: rows[0].first, last: rows[0].first + 39, distinct: 40 })),
        );
        const {
          rows: [positions],
        } = await sql.query(
          `SELECT count(*)::int AS count, min(global_position)::int AS min, max(global_position)::int AS max,
                  count(DISTINCT global_position)::int AS distinct FROM events WHERE event_store_id = $1`,
          [storeId],
        );
        expect(positions).toEqual({ count: 200, min: 1, max: 200, distinct: 200 });
      } finally {
        await sql.end();
      }
      // Both workers appended.
      await waitFor(() => [...servedByWorker(cluster.api, 'POST', /\/streams\//).values()].reduce((a, b) => a + b, 0) === 200);
      const appendedBy = servedByWorker(cluster.api, 'POST', /\/streams\//);
      expect([...appendedBy.keys()].sort()).toEqual([1, 2]);
    });

    it("serves /metrics as the sum of both workers' metrics, whichever worker Prometheus reaches", async () => {
      const scrape = async () => {
        const answer = await call(cluster.port, 'GET', '/metrics', { token: TEST_METRICS_TOKEN });
        expect(answer.status).toBe(200);
        return answer.text;
      };
      const route = { method: 'GET', route: '/event-stores', status: '200' };
      const before = await scrape();
      const servedBefore = servedByWorker(cluster.api, 'GET', /^\/event-stores$/);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call(cluster.port, 'GET', '/event-stores', { token: tenant.key })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      await waitFor(() => [...servedByWorker(cluster.api, 'GET', /^\/event-stores$/).values()].reduce((a, b) => a + b, 0) === 30);
      const served = servedByWorker(cluster.api, 'GET', /^\/event-stores$/);
      // Both workers took some of them, so no single worker's own count could reach 30.
      expect(servedBefore.size).toBe(0);
      expect([...served.keys()].sort()).toEqual([1, 2]);
      expect(Math.max(...served.values())).toBeLessThan(30);

      // Several scrapes, which reach both workers: each one reports the whole.
      for (const after of await Promise.all([scrape(), scrape(), scrape(), scrape()])) {
        expect(
          sample(after, 'http_request_duration_seconds_count', route) - sample(before, 'http_request_duration_seconds_count', route),
        ).toBe(30);
        expect(sample(after, 'events_appended_total', { api: 'stream' })).toBe(200);
        // Not sums: the same value in each process.
        expect(sample(after, 'nodejs_version_info', { version: process.version })).toBe(1);
        expect(sample(after, 'process_start_time_seconds')).toBeGreaterThan(0);
      }

      // A gauge read from PostgreSQL by each worker: one subscription lagging 200 positions, not two lagging 400.
      await call(cluster.port, 'POST', `/event-stores/${storeId}/subscribe`, {
        token: tenant.key,
        body: { eventFilter: '*', subscriberConfig: { url: 'http://127.0.0.1:9/unreachable' }, position: 'beginning' },
      }).then((answer) => expect(answer.status).toBe(201));
      const withSubscription = await scrape();
      expect(sample(withSubscription, 'webhook_subscriptions_lagging')).toBe(1);
      expect(sample(withSubscription, 'webhook_subscription_lag_max')).toBe(200);
    });

    it('refuses a key revoked through one worker on every worker from the next request on', async () => {
      const api = new ApiClient(`http://127.0.0.1:${cluster.port}`);
      const key = await api.keyFor(tenant.tenantId, ['read']);
      const use = () =>
        Promise.all(Array.from({ length: 20 }, () => call(cluster.port, 'GET', `/event-stores/${storeId}/streams`, { token: key.key })));
      // Both workers verify the key, and remember it.
      expect((await use()).map((answer) => answer.status)).toEqual(Array(20).fill(200));
      await waitFor(() => servedByWorker(cluster.api, 'GET', /\/streams$/).size === 2, { what: 'both workers to have served the key' });

      expect((await call(cluster.port, 'DELETE', `/admin/api-keys/${key.apiKeyId}`, { token: TEST_ADMIN_TOKEN })).status).toBe(204);
      const after = await use();
      expect(after.map((answer) => answer.status)).toEqual(Array(20).fill(401));
      // Each worker heard the revocation itself (its own subscription): both refused.
      await waitFor(() => [...servedByWorker(cluster.api, 'GET', /\/streams$/).values()].reduce((a, b) => a + b, 0) === 40);
      const refusedBy = new Set(
        logLines(cluster.api)
          .filter(
            (line) =>
              (line.res as { statusCode?: number } | undefined)?.statusCode === 401 &&
              /\/streams$/.test(String((line.req as { path?: string } | undefined)?.path)),
          )
          .map((line) => line.worker),
      );
      expect([...refusedBy].sort()).toEqual([1, 2]);
    });

    it('replaces a worker killed with SIGKILL, and keeps answering meanwhile', async () => {
      const [victim, survivor] = childrenOf(cluster.pid);
      process.kill(victim, 'SIGKILL');
      // Until the primary has heard of the exit, it may still hand a new connection to the dead worker,
      // which nobody then answers (node:cluster's round robin): from then on, the survivor takes them all.
      await cluster.api.waitForOutput(
        /"context":"Cluster","msg":"Worker \d \(pid \d+\) exited unexpectedly \(signal SIGKILL\); starting a replacement"/,
      );
      const answers: (number | string)[] = [];
      let replacement: number | undefined;
      await waitFor(
        async () => {
          answers.push(
            await call(cluster.port, 'GET', '/health', { timeoutMs: 5000 }).then(
              (answer) => answer.status,
              (error: Error) => error.message,
            ),
          );
          const workers = childrenOf(cluster.pid);
          replacement = workers.find((pid) => pid !== victim && pid !== survivor);
          return workers.length === 2 && replacement !== undefined && /"worker":3,.*"msg":"Listening on port/.test(cluster.api.log);
        },
        { timeoutMs: 90_000, intervalMs: 100, what: 'a replacement worker' },
      );
      // Every request meanwhile was answered (by the survivor until the replacement listened).
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      expect(isRunning(victim)).toBe(false);
      expect(childrenOf(cluster.pid)).toEqual([survivor, replacement!].sort((a, b) => a - b));

      // The replacement serves too.
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => call(cluster.port, 'GET', '/event-stores', { token: tenant.key })),
      );
      expect(statuses.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      await waitFor(() => servedByWorker(cluster.api, 'GET', /^\/event-stores$/).has(3), { what: 'a request served by worker 3' });
    });
  });

  it('stops primary and workers on SIGTERM with exit code 0, each worker draining, and leaves no process behind', async () => {
    const { api, pid, port } = await startCluster();
    const workers = childrenOf(pid);
    expect(workers).toHaveLength(2);

    expect(await api.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(workers.filter(isRunning)).toEqual([]);
    const lines = logLines(api);
    for (const worker of [1, 2]) {
      const own = lines.filter((line) => line.worker === worker && line.context === 'Lifecycle').map((line) => line.msg);
      expect(own).toEqual(["Shutting down on the primary's SIGTERM", 'Shutdown complete']);
    }
    expect(lines.at(-1)).toMatchObject({ pid, context: 'Cluster', msg: 'Shutdown complete' });
    await expect(call(port, 'GET', '/health')).rejects.toThrow();
  });

  it('takes its workers with it when the primary is killed with SIGKILL', async () => {
    const { api, pid, port } = await startCluster();
    const workers = childrenOf(pid);
    expect(workers).toHaveLength(2);

    expect(await api.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // A node:cluster worker exits as soon as its channel to the primary closes.
    await waitFor(() => workers.every((worker) => !isRunning(worker)), { timeoutMs: 10_000, what: 'the workers to exit' });
    await expect(call(port, 'GET', '/health')).rejects.toThrow();
  });

  it('stops with one line and exit code 1, and no worker left, when the workers cannot listen (port taken)', async () => {
    const holder = createServer().listen(0, '0.0.0.0');
    await once(holder, 'listening');
    const { port } = holder.address() as { port: number };
    try {
      const api = ServiceProcess.startApi({ DATABASE_URL: database.url, PORT: String(port), WEB_CONCURRENCY: '2' });
      running.push(api);
      const workers = new Set<number>();
      // Record the workers while they run, to check afterwards that none is left.
      const watching = setInterval(() => childrenOf(api.child.pid!).forEach((worker) => workers.add(worker)), 20);
      const exit = await api.exited.finally(() => clearInterval(watching));
      expect(exit).toEqual({ code: 1, signal: null });
      const failures = api.log.split('\n').filter((line) => line.startsWith('API failed to start'));
      expect(failures).toEqual([expect.stringMatching(/^API failed to start: .*EADDRINUSE/)]);
      expect(api.log).not.toMatch(/Running 2 API worker processes/);
      expect([...workers].filter(isRunning)).toEqual([]);
    } finally {
      holder.close();
    }
  });
});
