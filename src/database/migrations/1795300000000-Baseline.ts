import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole schema as of version 0.1.0, in one migration: it replaced the nine that built it during
 * development (no release had shipped). Like every migration, it is frozen text: it never imports
 * anything, and it is never edited. A later change to the schema or to a function is a new migration;
 * a function's new text goes both into that migration (copied) and into its canonical file under
 * src/event-log/sql/, which a test compares with what a migrated database runs.
 *
 * Every table that grows with events leads its keys with event_store_id (DECISIONS §10). Names say
 * what they hold: `<table>_pk`, `<table>_<columns>_uq`, `<table>_<referenced>_fk`, `<table>_<rule>_ck`,
 * `<table>_<columns>_idx`.
 */
export class Baseline1795300000000 implements MigrationInterface {
  name = 'Baseline1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // created_at keeps microseconds (responses show milliseconds) because lists are ordered by it:
    // rows created within one millisecond must still list in creation order.
    await queryRunner.query(`
      CREATE TABLE tenants (
        id         text NOT NULL,
        name       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tenants_pk PRIMARY KEY (id),
        CONSTRAINT tenants_name_uq UNIQUE (name)
      )`);
    // Keys are 32 random bytes, so a plain SHA-256 is enough to make a leaked table useless; a slow
    // password hash would only add latency to every request.
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id           text NOT NULL,
        tenant_id    text NOT NULL CONSTRAINT api_keys_tenant_fk REFERENCES tenants (id) ON DELETE CASCADE,
        name         text NOT NULL,
        scopes       text[] NOT NULL,
        prefix       text NOT NULL,
        key_hash     bytea NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz(3),
        revoked_at   timestamptz(3),
        CONSTRAINT api_keys_pk PRIMARY KEY (id),
        CONSTRAINT api_keys_key_hash_uq UNIQUE (key_hash),
        CONSTRAINT api_keys_scopes_ck CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write', 'admin'])
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_tenant_created_idx ON api_keys (tenant_id, created_at, id)`);

    // last_position is the per-store counter that appends lock and advance (DECISIONS §2); the
    // total_* and *_event_at columns are statistics kept by the same statement, so reading a store's
    // statistics never scans its events. budget_* is the event budget of DECISIONS §7: the events
    // appended in the UTC minute that starts at budget_window_start, decided under the same lock.
    await queryRunner.query(`
      CREATE TABLE event_stores (
        id                    text NOT NULL,
        tenant_id             text NOT NULL CONSTRAINT event_stores_tenant_fk REFERENCES tenants (id) ON DELETE CASCADE,
        name                  text NOT NULL,
        description           text NOT NULL DEFAULT '',
        region                text NOT NULL,
        status                text NOT NULL DEFAULT 'active',
        retention_period_days double precision CONSTRAINT event_stores_retention_ck CHECK (retention_period_days > 0),
        max_stream_size_bytes bigint CONSTRAINT event_stores_max_stream_size_ck CHECK (max_stream_size_bytes > 0),
        last_position         bigint NOT NULL DEFAULT 0,
        total_events          bigint NOT NULL DEFAULT 0,
        total_streams         bigint NOT NULL DEFAULT 0,
        total_size_bytes      bigint NOT NULL DEFAULT 0,
        oldest_event_at       timestamptz(3),
        newest_event_at       timestamptz(3),
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        budget_window_start   timestamptz,
        budget_used           bigint NOT NULL DEFAULT 0,
        CONSTRAINT event_stores_pk PRIMARY KEY (id),
        CONSTRAINT event_stores_tenant_name_uq UNIQUE (tenant_id, name)
      )`);
    await queryRunner.query(`CREATE INDEX event_stores_tenant_created_idx ON event_stores (tenant_id, created_at, id)`);

    // `type` uses the C collation so that `type LIKE 'prefix.%'` (subscription patterns) is an index
    // range scan. created_at is stored to the millisecond, as it is compared (DECISIONS §2).
    // size_bytes is the UTF-8 bytes of the compact JSON data and metadata, as the service measured
    // them: reads cut pages at a byte budget with a running sum of it, without detoasting the events
    // past the cut, and retention counts deleted events out of the statistics with it.
    await queryRunner.query(`
      CREATE TABLE events (
        event_store_id  text NOT NULL CONSTRAINT events_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        global_position bigint NOT NULL,
        stream_id       text NOT NULL,
        stream_position bigint NOT NULL,
        event_id        uuid NOT NULL,
        type            text COLLATE "C" NOT NULL,
        data            jsonb NOT NULL,
        metadata        jsonb,
        tags            text[] NOT NULL DEFAULT '{}',
        schema_version  text NOT NULL,
        transaction_id  uuid NOT NULL,
        created_at      timestamptz(3) NOT NULL,
        size_bytes      integer,
        CONSTRAINT events_pk PRIMARY KEY (event_store_id, global_position),
        CONSTRAINT events_stream_position_uq UNIQUE (event_store_id, stream_id, stream_position)
      )`);
    await queryRunner.query(`CREATE INDEX events_type_idx ON events (event_store_id, type, global_position)`);
    await queryRunner.query(`CREATE INDEX events_created_at_idx ON events (event_store_id, created_at, global_position)`);

    // version counts every event ever appended (retention never lowers it); event_count counts those
    // still stored, so `hasEvents` stays true to what a read would return.
    await queryRunner.query(`
      CREATE TABLE streams (
        event_store_id       text NOT NULL CONSTRAINT streams_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        stream_id            text NOT NULL,
        stream_type          text NOT NULL,
        version              bigint NOT NULL,
        event_count          bigint NOT NULL,
        last_global_position bigint NOT NULL,
        size_bytes           bigint NOT NULL,
        created_at           timestamptz NOT NULL,
        updated_at           timestamptz NOT NULL,
        CONSTRAINT streams_pk PRIMARY KEY (event_store_id, stream_id)
      )`);
    await queryRunner.query(`CREATE INDEX streams_created_idx ON streams (event_store_id, created_at, stream_id)`);
    await queryRunner.query(`CREATE INDEX streams_type_created_idx ON streams (event_store_id, stream_type, created_at, stream_id)`);

    // The retention sweep purges records past their 24 hours (DECISIONS §5) in bounded batches by age.
    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        event_store_id text NOT NULL CONSTRAINT idempotency_keys_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        key            text NOT NULL,
        fingerprint    text NOT NULL,
        result         jsonb,
        created_at     timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT idempotency_keys_pk PRIMARY KEY (event_store_id, key)
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (event_store_id, created_at)`);

    // One row per (event, tag), keyed so that "events with tag T after position P" is an index range
    // scan in position order; the event's type rides along so type+tag items need no join. The choice
    // over a GIN index on events.tags is measured in docs/dcb-tag-index.md.
    await queryRunner.query(`
      CREATE TABLE event_tags (
        event_store_id  text NOT NULL,
        tag             text NOT NULL,
        global_position bigint NOT NULL,
        type            text COLLATE "C" NOT NULL,
        CONSTRAINT event_tags_pk PRIMARY KEY (event_store_id, tag, global_position) INCLUDE (type),
        CONSTRAINT event_tags_event_store_fk FOREIGN KEY (event_store_id) REFERENCES event_stores (id) ON DELETE CASCADE
      )`);

    // A subscription row is the delivery's source of truth (DECISIONS §8): its checkpoint says which
    // events were handled, and the retry columns which event is being retried, how often it failed and
    // when it may be tried again; Redis only holds wake-ups. The secret is kept as given: signing needs
    // it (Standard Webhooks uses HMAC, not a public key).
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        event_store_id        text NOT NULL CONSTRAINT subscriptions_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        id                    text NOT NULL,
        event_filter          text NOT NULL,
        subscriber_type       text NOT NULL,
        url                   text NOT NULL,
        headers               jsonb NOT NULL,
        secret                text NOT NULL,
        max_retries           integer NOT NULL,
        backoff_multiplier    double precision NOT NULL,
        initial_backoff_ms    integer NOT NULL,
        status                text NOT NULL DEFAULT 'active',
        checkpoint            bigint NOT NULL,
        failed_deliveries     integer NOT NULL DEFAULT 0,
        last_delivery_attempt timestamptz(3),
        retry_position        bigint,
        retry_attempts        integer NOT NULL DEFAULT 0,
        retry_at              timestamptz(3),
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_pk PRIMARY KEY (event_store_id, id)
      )`);
    await queryRunner.query(`CREATE INDEX subscriptions_created_idx ON subscriptions (event_store_id, created_at, id)`);

    // replay_requested_at set: the dead letter waits for its turn in the subscription's delivery.
    await queryRunner.query(`
      CREATE TABLE dead_letters (
        event_store_id      text NOT NULL,
        id                  text NOT NULL,
        subscription_id     text NOT NULL,
        global_position     bigint NOT NULL,
        event_id            uuid NOT NULL,
        attempts            integer NOT NULL,
        last_status_code    integer,
        last_error          text NOT NULL,
        failed_at           timestamptz(3) NOT NULL,
        replay_requested_at timestamptz(3),
        CONSTRAINT dead_letters_pk PRIMARY KEY (event_store_id, id),
        CONSTRAINT dead_letters_position_uq UNIQUE (event_store_id, subscription_id, global_position),
        CONSTRAINT dead_letters_subscription_fk FOREIGN KEY (event_store_id, subscription_id)
          REFERENCES subscriptions (event_store_id, id) ON DELETE CASCADE
      )`);

    // The functions, copied from their canonical files (src/event-log/sql/) as they stood at 0.1.0.
    await queryRunner.query(INDEX_EVENT_TAGS);
    await queryRunner.query(UNINDEX_EVENT_TAGS);
    await queryRunner.query(`
      CREATE TRIGGER events_index_tags AFTER INSERT ON events
      REFERENCING NEW TABLE AS inserted_events FOR EACH STATEMENT EXECUTE FUNCTION index_event_tags()`);
    await queryRunner.query(`
      CREATE TRIGGER events_unindex_tags AFTER DELETE ON events
      REFERENCING OLD TABLE AS deleted_events FOR EACH STATEMENT EXECUTE FUNCTION unindex_event_tags()`);
    await queryRunner.query(DCB_MATCHING_POSITIONS);
    await queryRunner.query(APPEND_BATCH_TYPES);
    await queryRunner.query(APPEND_BATCH_INSERT_EVENTS);
    await queryRunner.query(APPEND_BATCH_WRITE_STREAMS);
    await queryRunner.query(APPEND_BATCH);
    await queryRunner.query(DELETE_EXPIRED_EVENTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'dead_letters',
      'subscriptions',
      'event_tags',
      'idempotency_keys',
      'streams',
      'events',
      'event_stores',
      'api_keys',
      'tenants',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
    for (const fn of [
      'delete_expired_events',
      'append_batch',
      'append_batch_write_streams',
      'append_batch_insert_events',
      'dcb_matching_positions',
      'unindex_event_tags',
      'index_event_tags',
    ]) {
      await queryRunner.query(`DROP FUNCTION ${fn}`);
    }
    await queryRunner.query(`DROP TYPE append_batch_stream, append_batch_appended`);
  }
}

const APPEND_BATCH_INSERT_EVENTS = `
CREATE OR REPLACE FUNCTION append_batch_insert_events(p_event_store_id text, p_requests jsonb, p_appended append_batch_appended[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at, size_bytes)
  SELECT p_event_store_id, a.after_position + e.ordinality, COALESCE(a.stream_id, '__dcb__'),
         COALESCE(a.stream_version, a.after_position) + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), a.transaction_id, a.created_at, (e.value->>'sizeBytes')::int
    FROM unnest(p_appended) AS a
   CROSS JOIN LATERAL jsonb_array_elements(p_requests->a.ordinal->'events') WITH ORDINALITY AS e;
END
$$`;

const DCB_MATCHING_POSITIONS = `
CREATE OR REPLACE FUNCTION dcb_matching_positions(p_event_store_id text, p_items jsonb, p_after bigint, p_limit int)
RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_item jsonb;
  v_types text[];
  v_tags text[];
  v_part text;
  v_parts text[] := '{}';
  v_result bigint[];
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(COALESCE(p_items, '[]')) LOOP
    v_types := ARRAY(SELECT DISTINCT jsonb_array_elements_text(COALESCE(v_item->'types', '[]')));
    v_tags := ARRAY(SELECT DISTINCT jsonb_array_elements_text(COALESCE(v_item->'tags', '[]')));
    IF cardinality(v_tags) = 0 AND cardinality(v_types) > 0 THEN
      -- One ordered scan of events_type_idx per type: type = ANY(...) cannot be read in position order.
      v_parts := v_parts || ARRAY(
        SELECT format('(SELECT global_position FROM events WHERE event_store_id = $1 AND type = %L AND global_position > $2 ORDER BY 1 LIMIT $3)', t)
          FROM unnest(v_types) AS t);
      CONTINUE;
    ELSIF cardinality(v_tags) = 0 THEN
      v_part := 'SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2';
    ELSIF cardinality(v_tags) = 1 THEN
      v_part := format('SELECT global_position FROM event_tags WHERE event_store_id = $1 AND tag = %L AND global_position > $2', v_tags[1])
        || CASE WHEN cardinality(v_types) > 0 THEN format(' AND type = ANY(%L::text[])', v_types) ELSE '' END;
    ELSE
      v_part := format(
        'SELECT t.global_position FROM event_tags t JOIN events e ON e.event_store_id = t.event_store_id AND e.global_position = t.global_position'
        || ' WHERE t.event_store_id = $1 AND t.tag = %L AND t.global_position > $2 AND e.tags @> %L::text[]',
        v_tags[1], v_tags[2:])
        || CASE WHEN cardinality(v_types) > 0 THEN format(' AND t.type = ANY(%L::text[])', v_types) ELSE '' END;
    END IF;
    v_parts := v_parts || ('(' || v_part || ' ORDER BY 1 LIMIT $3)');
  END LOOP;
  IF cardinality(v_parts) = 0 OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(COALESCE(p_items, '[]')) item
     WHERE jsonb_array_length(COALESCE(item->'types', '[]')) = 0 AND jsonb_array_length(COALESCE(item->'tags', '[]')) = 0
  ) THEN
    v_parts := ARRAY['(SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2 ORDER BY 1 LIMIT $3)'];
  END IF;
  EXECUTE 'SELECT COALESCE(array_agg(global_position ORDER BY global_position), ''{}'') FROM (SELECT global_position FROM ('
    || array_to_string(v_parts, ' UNION ') || ') matches ORDER BY 1 LIMIT $3) limited'
    INTO v_result USING p_event_store_id, p_after, p_limit;
  RETURN v_result;
END
$$`;

const APPEND_BATCH = `
CREATE OR REPLACE FUNCTION append_batch(p_event_store_id text, p_requests jsonb, p_events_per_minute bigint)
RETURNS TABLE (ordinal int, outcome text, detail jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_store event_stores%ROWTYPE;
  v_last bigint;
  v_newest timestamptz;
  v_minute timestamptz := date_trunc('minute', clock_timestamp(), 'UTC');
  v_window timestamptz;
  v_used bigint;
  v_stream_ids text[];
  v_streams append_batch_stream[];
  v_appended append_batch_appended[] := '{}';
  v_inserted int := 0;
  v_new_streams bigint;
  v_request jsonb;
  v_kind text;
  v_count bigint;
  v_size bigint;
  v_key text;
  v_stored idempotency_keys%ROWTYPE;
  v_known int;
  v_stream append_batch_stream;
  v_expected text;
  v_conflicts bigint[];
  v_this append_batch_appended;
  v_result jsonb;
BEGIN
  SELECT * INTO v_store FROM event_stores WHERE id = p_event_store_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT (r.ordinality - 1)::int, 'store_not_found', NULL::jsonb FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r;
    RETURN;
  END IF;
  v_last := v_store.last_position;
  v_newest := v_store.newest_event_at;
  -- The budget's window never moves backwards (an append that read the clock before a minute turned counts in the newer one).
  v_window := GREATEST(v_store.budget_window_start, v_minute);
  v_used := CASE WHEN v_store.budget_window_start >= v_minute THEN v_store.budget_used ELSE 0 END;
  SELECT COALESCE(array_agg(s.stream_id), '{}'), COALESCE(array_agg(ROW(s.version, s.size_bytes)::append_batch_stream), '{}')
    INTO v_stream_ids, v_streams
    FROM streams s
   WHERE s.event_store_id = p_event_store_id
     AND s.stream_id IN (SELECT r->>'streamId' FROM jsonb_array_elements(p_requests) AS r WHERE r->>'kind' = 'stream');
  ordinal := -1;

  FOR v_request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    ordinal := ordinal + 1;
    v_kind := v_request->>'kind';
    v_count := jsonb_array_length(v_request->'events');
    v_key := v_request->'idempotency'->>'key';

    -- 1. The key: a live record answers for the request.
    IF v_key IS NOT NULL THEN
      SELECT * INTO v_stored FROM idempotency_keys
       WHERE event_store_id = p_event_store_id AND key = v_key AND created_at >= now() - interval '24 hours';
      IF FOUND THEN
        IF v_stored.fingerprint = v_request->'idempotency'->>'fingerprint' THEN
          outcome := 'replayed'; detail := v_stored.result;
        ELSE
          outcome := 'idempotency_conflict'; detail := NULL;
        END IF;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    -- 2. The budget.
    IF v_used + v_count > p_events_per_minute THEN
      outcome := 'budget_exceeded';
      detail := jsonb_build_object('eventsPerMinute', p_events_per_minute, 'eventsUsed', v_used, 'eventsRequested', v_count,
        'retryAfterSeconds', GREATEST(1, ceil(extract(epoch FROM v_window + interval '1 minute' - clock_timestamp()))::int));
      RETURN NEXT;
      CONTINUE;
    END IF;

    v_size := (v_request->>'sizeBytes')::bigint;
    IF v_size IS NULL THEN
      -- An API process older than this function: failing beats counting sizes as NULL.
      RAISE EXCEPTION 'append_batch: request % carries no sizeBytes (an API instance older than its database?)', ordinal;
    END IF;

    -- 3. The stream's version and size, or the DCB condition.
    IF v_kind = 'stream' THEN
      v_known := array_position(v_stream_ids, v_request->>'streamId');
      IF v_known IS NULL THEN
        v_stream_ids := v_stream_ids || (v_request->>'streamId');
        v_streams := v_streams || ROW(0, 0)::append_batch_stream;
        v_known := cardinality(v_stream_ids);
      END IF;
      v_stream := v_streams[v_known];
      v_expected := v_request->>'expectedVersion';
      IF (v_expected = 'no_stream' AND v_stream.version <> 0)
         OR (v_expected = 'stream_exists' AND v_stream.version = 0)
         OR (v_expected ~ '^[0-9]+$' AND v_expected::bigint <> v_stream.version) THEN
        outcome := 'version_conflict'; detail := jsonb_build_object('currentVersion', v_stream.version);
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF v_store.max_stream_size_bytes IS NOT NULL AND v_stream.size_bytes + v_size > v_store.max_stream_size_bytes THEN
        outcome := 'size_exceeded';
        detail := jsonb_build_object('currentSizeBytes', v_stream.size_bytes, 'appendSizeBytes', v_size,
          'maxStreamSizeBytes', v_store.max_stream_size_bytes);
        RETURN NEXT;
        CONTINUE;
      END IF;
    ELSIF jsonb_typeof(v_request->'condition') = 'object' THEN
      IF v_inserted < cardinality(v_appended) THEN
        PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_appended[v_inserted + 1:]);
        v_inserted := cardinality(v_appended);
      END IF;
      v_conflicts := dcb_matching_positions(p_event_store_id, v_request->'condition'->'items',
        COALESCE((v_request->'condition'->>'after')::bigint, 0), 100);
      IF cardinality(v_conflicts) > 0 THEN
        outcome := 'condition_failed'; detail := to_jsonb(v_conflicts);
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    -- 4. Appended: remembered for the writes, its result kept with its key. The clock is read after
    -- the lock, and created_at never precedes the store's newest event (see append_batch_appended).
    v_this := ROW(ordinal, CASE WHEN v_kind = 'stream' THEN v_request->>'streamId' END, CASE WHEN v_kind = 'stream' THEN v_stream.version END,
                  v_last, v_count, v_size, gen_random_uuid(), clock_timestamp(), NULL)::append_batch_appended;
    v_this.created_at := GREATEST(date_trunc('milliseconds', v_this.clock), v_newest);
    v_appended := v_appended || v_this;
    IF v_kind = 'stream' THEN
      v_streams[v_known] := ROW(v_stream.version + v_count, v_stream.size_bytes + v_size)::append_batch_stream;
      v_result := jsonb_build_object('eventStoreId', p_event_store_id, 'streamId', v_this.stream_id, 'eventsAppended', v_count,
        'firstPosition', v_last + 1, 'lastPosition', v_last + v_count, 'streamVersion', v_stream.version + v_count,
        'transactionId', v_this.transaction_id, 'createdAt', to_char(v_this.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
    ELSE
      v_result := jsonb_build_object('lastPosition', v_last + v_count);
    END IF;
    IF v_key IS NOT NULL THEN
      -- Only an expired record can be in the way here (a live one was answered above).
      INSERT INTO idempotency_keys AS k (event_store_id, key, fingerprint, result, created_at)
      VALUES (p_event_store_id, v_key, v_request->'idempotency'->>'fingerprint', v_result, now())
      ON CONFLICT (event_store_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, result = EXCLUDED.result, created_at = EXCLUDED.created_at;
    END IF;
    v_last := v_last + v_count;
    v_newest := v_this.created_at;
    v_used := v_used + v_count;
    outcome := 'appended'; detail := v_result;
    RETURN NEXT;
  END LOOP;

  IF v_last = v_store.last_position THEN
    RETURN;
  END IF;
  IF v_inserted < cardinality(v_appended) THEN
    PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_appended[v_inserted + 1:]);
  END IF;
  v_new_streams := append_batch_write_streams(p_event_store_id, v_appended);
  UPDATE event_stores
     SET last_position = v_last,
         total_events = total_events + (v_last - v_store.last_position),
         total_streams = total_streams + v_new_streams,
         total_size_bytes = total_size_bytes + (SELECT sum(a.size_bytes) FROM unnest(v_appended) AS a),
         oldest_event_at = COALESCE(oldest_event_at, (v_appended[1]).created_at),
         newest_event_at = v_newest,
         budget_window_start = v_window,
         budget_used = v_used
   WHERE id = p_event_store_id;
  PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || v_last);
END
$$`;

const INDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION index_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT e.event_store_id, t.tag, e.global_position, e.type
    FROM inserted_events e CROSS JOIN LATERAL unnest(e.tags) AS t(tag)
   WHERE e.tags <> '{}';
  RETURN NULL;
END
$$`;

const UNINDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION unindex_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_tags t
   USING (SELECT e.event_store_id, u.tag, e.global_position FROM deleted_events e CROSS JOIN LATERAL unnest(e.tags) AS u(tag)) d
   WHERE t.event_store_id = d.event_store_id AND t.tag = d.tag AND t.global_position = d.global_position;
  RETURN NULL;
END
$$`;

const DELETE_EXPIRED_EVENTS = `
CREATE OR REPLACE FUNCTION delete_expired_events(p_event_store_id text, p_retention_days double precision, p_limit int)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_events bigint;
  v_bytes bigint;
BEGIN
  PERFORM 1 FROM event_stores WHERE id = p_event_store_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  WITH expired AS (
    SELECT global_position FROM events
     WHERE event_store_id = p_event_store_id AND created_at < now() - p_retention_days * interval '1 day'
     ORDER BY created_at, global_position LIMIT p_limit
  ), deleted AS (
    DELETE FROM events e USING expired
     WHERE e.event_store_id = p_event_store_id AND e.global_position = expired.global_position
    RETURNING e.stream_id, COALESCE(e.size_bytes, octet_length(e.data::text) + COALESCE(octet_length(e.metadata::text), 0)) AS size_bytes
  ), per_stream AS (
    SELECT stream_id, count(*) AS events, sum(size_bytes) AS bytes FROM deleted GROUP BY stream_id
  ), counted_out AS (
    UPDATE streams s SET event_count = s.event_count - d.events, size_bytes = s.size_bytes - d.bytes
      FROM per_stream d
     WHERE s.event_store_id = p_event_store_id AND s.stream_id = d.stream_id
  )
  SELECT COALESCE(sum(events), 0), COALESCE(sum(bytes), 0) INTO v_events, v_bytes FROM per_stream;
  IF v_events > 0 THEN
    -- A statement of its own: the oldest event left is only visible once the DELETE above is done.
    UPDATE event_stores
       SET total_events = total_events - v_events, total_size_bytes = total_size_bytes - v_bytes,
           oldest_event_at = (SELECT created_at FROM events WHERE event_store_id = p_event_store_id ORDER BY created_at LIMIT 1)
     WHERE id = p_event_store_id;
  END IF;
  RETURN v_events;
END
$$`;

const APPEND_BATCH_TYPES = `
CREATE TYPE append_batch_appended AS (
  ordinal int,
  stream_id text,
  stream_version bigint,
  after_position bigint,
  events bigint,
  size_bytes bigint,
  transaction_id uuid,
  clock timestamptz,
  created_at timestamptz
);
CREATE TYPE append_batch_stream AS (version bigint, size_bytes bigint)`;

const APPEND_BATCH_WRITE_STREAMS = `
CREATE OR REPLACE FUNCTION append_batch_write_streams(p_event_store_id text, p_appended append_batch_appended[])
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                            size_bytes, created_at, updated_at)
  SELECT p_event_store_id, a.stream_id, (regexp_match(a.stream_id, '^[^-_:]*'))[1], sum(a.events), sum(a.events),
         max(a.after_position + a.events), sum(a.size_bytes), min(a.clock), max(a.created_at)
    FROM unnest(p_appended) AS a
   WHERE a.stream_id IS NOT NULL
   GROUP BY a.stream_id
  ON CONFLICT (event_store_id, stream_id) DO UPDATE
     SET version = s.version + EXCLUDED.version, event_count = s.event_count + EXCLUDED.event_count,
         last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + EXCLUDED.size_bytes,
         updated_at = EXCLUDED.updated_at;
  RETURN (SELECT count(*) FROM unnest(p_appended) AS a WHERE a.stream_version = 0);
END
$$`;
