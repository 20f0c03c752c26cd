import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { availableParallelism } from 'node:os';
import { IsAddressList, RedisAddress, toAddressList } from './is-address-list.decorator';
import { IsOriginList } from './is-origin-list.decorator';

const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;
// RFC 6750's token68: anything else could never arrive in `Authorization: Bearer …`, so the token would match nothing.
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const REDIS_URL = /^rediss?:\/\/\S+$/;
// At most one {hash tag}, not empty, as Redis Cluster reads it: the first {…} of a key decides its slot.
const REDIS_PREFIX = /^(?=.{1,64}$)[A-Za-z0-9:_.-]*(\{[A-Za-z0-9:_.-]+\}[A-Za-z0-9:_.-]*)?$/;
// Reads the raw string (implicit conversion would already have turned "false" into true); anything
// but these words stays a string, so a typo such as "ture" stops the process instead of meaning false.
const BOOLEAN_WORDS = new Map([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['false', false],
  ['0', false],
  ['no', false],
]);
const toBoolean = ({ obj, key }: { obj: Record<string, unknown>; key: string }) =>
  typeof obj[key] === 'string' ? (BOOLEAN_WORDS.get(obj[key].toLowerCase()) ?? obj[key]) : obj[key];

/** Every setting the service reads, with the defaults of DECISIONS §11. */
export class EnvironmentVariables {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  /**
   * API processes on this host (`node dist/main.js`): above 1, the process started becomes a small
   * primary that migrates once and runs that many node:cluster workers sharing PORT, each serving the
   * API with its own database pool and Redis connections. Default: half the CPUs the process may use
   * (at least 1), leaving the rest to PostgreSQL and the worker, which usually share the host. Every
   * process batches its own appends, so on a small host more processes mean smaller batches: on 2
   * cores with PostgreSQL beside it, 2 processes appended less than 1 (bench/results, 1kb-after-*).
   */
  @IsInt()
  @Min(1)
  WEB_CONCURRENCY: number = Math.max(1, Math.floor(availableParallelism() / 2));

  @Matches(POSTGRES_URL, {
    message: ({ value }) => (value === undefined ? 'DATABASE_URL is not set' : 'DATABASE_URL must be a postgres:// URL'),
  })
  DATABASE_URL!: string;

  /** A database host that has not completed a connection by then (TCP and PostgreSQL's start-up) counts as down. */
  @IsInt()
  @Min(100)
  DATABASE_CONNECT_TIMEOUT_MS: number = 5000;

  /** TCP keepalive on every database connection after this much idle time, so that a host that vanished is noticed. */
  @IsInt()
  @Min(1000)
  DATABASE_KEEPALIVE_MS: number = 10_000;

  /**
   * How often each process checks the database host it writes to (reachable, answering within
   * DATABASE_CONNECT_TIMEOUT_MS, still what DATABASE_URL's target_session_attrs asks); when the check
   * fails, its connections are cut and it looks for another host (DatabaseHosts).
   */
  @IsInt()
  @Min(100)
  DATABASE_CHECK_INTERVAL_MS: number = 2000;

  /** A pooled connection unused this long is closed, and PostgreSQL ends a transaction left idle this long. */
  @IsInt()
  @Min(1000)
  DATABASE_IDLE_TIMEOUT_MS: number = 30_000;

  /**
   * Standbys that reads may use instead of the primary (stream, events, DCB and stream-list reads,
   * WebSocket replays), comma-separated, each a URL as DATABASE_URL takes (the multi-host form too);
   * unset, every read goes to the primary. A read with `Min-Global-Position` goes to a standby only
   * once it has replayed that far (ReadReplicas).
   */
  @IsOptional()
  @IsString()
  DATABASE_REPLICA_URLS?: string;

  /** Connections of each API process's database pool. */
  @IsInt()
  @Min(2)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * Connections of an API process's pool one tenant may hold at once; its further queries wait in
   * its own queue, and waiting tenants are served in turn (ConnectionShares).
   */
  @IsInt()
  @Min(1)
  DATABASE_MAX_CONNECTIONS_PER_TENANT: number = 4;

  /**
   * Of a tenant's connections, how many its reads may hold at once (ConnectionShares): each can keep
   * a database core busy until the statement timeout, so this is what one tenant's reads can take of
   * the database's CPU. At most DATABASE_MAX_CONNECTIONS_PER_TENANT counts.
   */
  @IsInt()
  @Min(1)
  DATABASE_MAX_READS_PER_TENANT: number = 2;

  /** Connections of the pool that reads never take, so that appends always find one free of reads. */
  @IsInt()
  @Min(0)
  DATABASE_CONNECTIONS_RESERVED_FOR_APPENDS: number = 2;

  /** How long a request waits for its tenant's share of the pool before it is answered 503 with Retry-After. */
  @IsInt()
  @Min(100)
  DATABASE_MAX_WAIT_MS: number = 10_000;

  /**
   * PostgreSQL cancels any statement of the API that runs longer than this (its `statement_timeout`),
   * answered 503 QUERY_TIMEOUT: no read holds a connection for longer, whatever it asks.
   */
  @IsInt()
  @Min(100)
  DATABASE_STATEMENT_TIMEOUT_MS: number = 5000;

  /** One Redis server (see docs/redis.md); unused when REDIS_SENTINELS or REDIS_CLUSTER_NODES names another topology. */
  @Matches(REDIS_URL, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

  /** Sentinels watching the master (`host:port,host:port`): the service asks them where the master is, and again after a failover. */
  @IsOptional()
  @Transform(toAddressList)
  @IsAddressList('REDIS_SENTINELS')
  REDIS_SENTINELS?: RedisAddress[];

  /** The master's name in the Sentinels' configuration (`sentinel monitor <name> …`). */
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_MASTER?: string;

  /** The Sentinels' own password (their `requirepass`), when they have one. */
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_PASSWORD?: string;

  /** Some nodes of a Redis Cluster (`host:port,host:port`): the service learns the others, and the slots, from them. */
  @IsOptional()
  @Transform(toAddressList)
  @IsAddressList('REDIS_CLUSTER_NODES')
  REDIS_CLUSTER_NODES?: RedisAddress[];

  /** The password of the Redis servers a Sentinel or a Cluster names (REDIS_URL carries its own). */
  @IsOptional()
  @IsString()
  REDIS_PASSWORD?: string;

  /**
   * Starts every key and channel. May hold one hash tag (`{es}`, `app:{es}`), which puts every key in
   * one slot of a Redis Cluster, as BullMQ's scripts and the service's pipelines need there.
   */
  @Matches(REDIS_PREFIX, { message: 'REDIS_PREFIX must be 1-64 letters, digits or :_.-, with at most one {hash tag} of them' })
  REDIS_PREFIX: string = 'es';

  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'ADMIN_TOKEN must be at least 16 characters' })
  @Matches(BEARER_TOKEN, { message: 'ADMIN_TOKEN must be a bearer token: letters, digits and -._~+/ (then = signs)' })
  ADMIN_TOKEN?: string;

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @IsOptional()
  @IsString()
  @Matches(/-----BEGIN PUBLIC KEY-----/, { message: 'JWT_PUBLIC_KEY must be a PEM public key' })
  JWT_PUBLIC_KEY?: string;

  @IsInt()
  @Min(1)
  RATE_LIMIT_REQUESTS_PER_MINUTE: number = 1000;

  @IsInt()
  @Min(1)
  RATE_LIMIT_EVENTS_PER_MINUTE: number = 10000;

  @IsInt()
  @Min(1)
  WS_MAX_CONNECTIONS_PER_KEY: number = 100;

  /** Protocol pings to every WebSocket; a peer that has not answered one by the next is dropped. */
  @IsInt()
  @Min(100)
  WS_PING_INTERVAL_MS: number = 30000;

  /**
   * A socket with more unsent bytes than this waiting behind the frame being written is a slow
   * consumer: closed with 1008 (DECISIONS §9). One frame of any size (an event up to MAX_BODY_BYTES) passes.
   */
  @IsInt()
  @Min(65536)
  WS_MAX_BUFFERED_BYTES: number = 4 * 1024 * 1024;

  /** Subscriptions one WebSocket connection may hold at once; beyond, the subscribe gets a SUBSCRIPTION_LIMIT error frame. */
  @IsInt()
  @Min(1)
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: number = 100;

  /**
   * Replays (subscriptions from `beginning` or a position, until they are live) one API key may run
   * at once on an instance; its further replays wait their turn, so one key cannot queue every other
   * tenant's replay behind hundreds of its own.
   */
  @IsInt()
  @Min(1)
  WS_MAX_REPLAYS_PER_KEY: number = 10;

  /**
   * Database connections (of the API's pool, DATABASE_POOL_SIZE) that WebSocket replays and catch-up
   * reads may use at once on an instance; their other reads wait, so appends and reads always find
   * connections free.
   */
  @IsInt()
  @Min(1)
  WS_REPLAY_DB_CONNECTIONS: number = 2;

  @IsInt()
  @Min(1)
  WEBHOOK_TIMEOUT_MS: number = 10000;

  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Webhook subscriptions one event store may have; creating one more is refused with 429 until one is deleted. */
  @IsInt()
  @Min(1)
  MAX_SUBSCRIPTIONS_PER_STORE: number = 100;

  /** Durable consumers one event store may have; creating one more is refused with 409 LIMIT_EXCEEDED. */
  @IsInt()
  @Min(1)
  CONSUMERS_MAX_PER_STORE: number = 100;

  /** Clients (WebSocket subscriptions and SSE streams, on every instance) attached to one consumer at once; beyond, CONSUMER_LIMIT. */
  @IsInt()
  @Min(1)
  CONSUMER_MAX_CLIENTS: number = 20;

  /** Events of a consumer leased to one client connection and not yet acked, at most. */
  @IsInt()
  @Min(1)
  CONSUMER_MAX_IN_FLIGHT_PER_CLIENT: number = 100;

  /** Consumers with a label of their own in consumer_lag and consumer_parked (the largest lags); the rest are only in the totals. */
  @IsInt()
  @Min(0)
  CONSUMER_METRICS_TOP: number = 50;

  /**
   * Subscriptions of one tenant a worker delivers at once (it delivers up to 32 in all): the rest of
   * the tenant's wake-ups wait in line without holding a slot, so slow receivers cannot take every slot.
   */
  @IsInt()
  @Min(1)
  WEBHOOK_MAX_IN_FLIGHT_PER_TENANT: number = 16;

  /** How often each worker re-queues subscriptions whose wake-up was lost (crash, flushed Redis). */
  @IsInt()
  @Min(100)
  WEBHOOK_SWEEP_INTERVAL_MS: number = 5000;

  @IsInt()
  @Min(1000)
  RETENTION_SWEEP_INTERVAL_MS: number = 3600000;

  /** DECISIONS §4: request bodies up to 10 MiB by default. */
  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES: number = 10 * 1024 * 1024;

  /**
   * Time a client has to send a whole request, headers and body (Node's `requestTimeout`). A body
   * still arriving then is cut off with 408, so a slow or unfinished body cannot hold memory and a
   * connection for minutes.
   */
  @IsInt()
  @Min(1000)
  REQUEST_TIMEOUT_MS: number = 30_000;

  /** Bytes all request bodies being received (and handled) at once may reserve; past it, 503. See BodyIntake. */
  @IsInt()
  @Min(1024)
  MAX_PENDING_BODY_BYTES: number = 64 * 1024 * 1024;

  /**
   * Bytes of request bodies one tenant may have on their way in (and being handled) at once, out of
   * MAX_PENDING_BODY_BYTES; past it, its next body is refused with 429 before it is read.
   */
  @IsInt()
  @Min(1024)
  MAX_PENDING_BODY_BYTES_PER_TENANT: number = 16 * 1024 * 1024;

  /**
   * A body must keep arriving at this average rate from its first second on, or it is cut off with
   * 408: a body dribbled a byte at a time cannot hold its reservation for all of REQUEST_TIMEOUT_MS.
   */
  @IsInt()
  @Min(1)
  MIN_BODY_BYTES_PER_SECOND: number = 32 * 1024;

  /**
   * The most a DCB query (a read's, or an append condition's) may cost: the sum over its items of
   * (types, at least 1) × (tags, at least 1). Costlier queries are refused with 400 before they run.
   */
  @IsInt()
  @Min(1)
  DCB_MAX_QUERY_COST: number = 1000;

  /**
   * Bytes of event JSON one page of a read may hold (stream, cross-stream, DCB, WebSocket replay,
   * webhook delivery): a page ends early at this budget, but always holds one event, however large.
   * 16 MiB takes a largest event (MAX_BODY_BYTES, 10 MiB) with room to spare, and keeps a read's
   * memory in the tens of megabytes, where `limit` alone allowed 1000 events of 10 MiB.
   */
  @IsInt()
  @Min(1024)
  READ_PAGE_MAX_BYTES: number = 16 * 1024 * 1024;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])
  LOG_LEVEL: string = 'info';

  /**
   * `json`: one JSON object per line, for log collectors (production). `pretty`: one readable line per
   * entry, for a terminal (`npm start` sets it); it needs the pino-pretty package, a development dependency.
   */
  @IsIn(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' })
  LOG_FORMAT: 'json' | 'pretty' = 'json';

  /**
   * `npm start`'s data directory (relative to the project): its embedded PostgreSQL, development key
   * and secrets. The CLI reads the embedded database's URL from it when DATABASE_URL is unset.
   */
  @IsString()
  DATA_DIR: string = '.data';

  /** Bearer token Prometheus sends to `/metrics` (API and worker); unset, metrics are refused with 401. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  @Matches(BEARER_TOKEN, { message: 'METRICS_TOKEN must be a bearer token: letters, digits and -._~+/ (then = signs)' })
  METRICS_TOKEN?: string;

  /** The worker has no HTTP server; with this set it serves its own `/metrics` on that port. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  WORKER_METRICS_PORT?: number;

  /**
   * Origins whose pages may call the API and open WebSockets from a browser, comma-separated, each
   * exactly as browsers send it (`https://app.example.com`), or `*` for any. Unset: none but the
   * service's own (the web console). See src/common/cross-origin.
   */
  @Transform(({ obj, key }) => (typeof obj[key] === 'string' ? obj[key].split(',').map((origin: string) => origin.trim()) : obj[key]))
  @IsOriginList()
  CORS_ALLOWED_ORIGINS: string[] = [];

  /** On SIGTERM the API stops accepting and waits this long for requests in flight before closing them. */
  @IsInt()
  @Min(0)
  SHUTDOWN_DRAIN_MS: number = 10000;
}
