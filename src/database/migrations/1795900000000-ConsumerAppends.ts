import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appends that carry `consumer: { name, position }` (docs/consumers.md): append_batch records the
 * position in consumer_processed in the append's transaction, and refuses a position already processed
 * (append_batch_processed) or a consumer the store does not have, as outcomes, so one such request never
 * fails the others of its batch.
 *
 * Frozen text, like every migration; the canonical files are under src/event-log/sql/.
 */
export class ConsumerAppends1795900000000 implements MigrationInterface {
  name = 'ConsumerAppends1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(APPEND_BATCH_PROCESSED);
    await queryRunner.query(APPEND_BATCH);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS_APPEND_BATCH);
    await queryRunner.query(`DROP FUNCTION append_batch_processed(text, text, bigint)`);
  }
}

export const APPEND_BATCH_PROCESSED = `
CREATE OR REPLACE FUNCTION append_batch_processed(p_event_store_id text, p_consumer_id text, p_position bigint)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM consumer_processed p
                  WHERE p.event_store_id = p_event_store_id AND p.consumer_id = p_consumer_id AND p.position = p_position)
      OR EXISTS (SELECT 1 FROM consumers c
                  WHERE c.event_store_id = p_event_store_id AND c.id = p_consumer_id AND c.checkpoint >= p_position
                    AND NOT EXISTS (SELECT 1 FROM consumer_events e
                                     WHERE e.event_store_id = p_event_store_id AND e.consumer_id = p_consumer_id AND e.position = p_position))
$$`;

export const APPEND_BATCH = `
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
  v_after bigint;
  v_conflicts bigint[];
  v_this append_batch_appended;
  v_result jsonb;
  v_consumer_id text;
  v_processed_key text;
  v_processed text[] := '{}';
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

    -- 1b. The consumer's position: processed once, whatever the number of attempts.
    v_processed_key := NULL;
    IF jsonb_typeof(v_request->'consumer') = 'object' THEN
      SELECT c.id INTO v_consumer_id FROM consumers c WHERE c.event_store_id = p_event_store_id AND c.name = v_request->'consumer'->>'name';
      IF NOT FOUND THEN
        outcome := 'consumer_not_found'; detail := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
      v_processed_key := v_consumer_id || ' ' || (v_request->'consumer'->>'position');
      IF v_processed_key = ANY(v_processed)
         OR append_batch_processed(p_event_store_id, v_consumer_id, (v_request->'consumer'->>'position')::bigint) THEN
        outcome := 'already_processed'; detail := NULL;
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
      -- Stored events all precede the batch's, so the two lists concatenate in order.
      v_after := COALESCE((v_request->'condition'->>'after')::bigint, 0);
      v_conflicts := dcb_matching_positions(p_event_store_id, v_request->'condition'->'items', v_after, 100);
      IF cardinality(v_appended) > 0 AND cardinality(v_conflicts) < 100 THEN
        v_conflicts := (v_conflicts
          || append_batch_matching_positions(p_requests, v_appended, v_request->'condition'->'items', v_after, 100))
          [1:100];
      END IF;
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
    IF v_processed_key IS NOT NULL THEN
      v_processed := v_processed || v_processed_key;
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
  PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_appended);
  v_new_streams := append_batch_write_streams(p_event_store_id, v_appended);
  INSERT INTO consumer_processed (event_store_id, consumer_id, position)
  SELECT p_event_store_id, split_part(k, ' ', 1), split_part(k, ' ', 2)::bigint FROM unnest(v_processed) AS k;
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
  -- The store's appends per minute (GET …/activity): a ring of one row per minute of the hour, each
  -- started afresh when its minute comes round again, so reading the last hour never counts events.
  INSERT INTO store_activity AS a (event_store_id, slot, minute, events)
  VALUES (p_event_store_id, div(extract(epoch FROM v_window)::bigint, 60) % 60, v_window, v_last - v_store.last_position)
  ON CONFLICT (event_store_id, slot) DO UPDATE
     SET events = CASE WHEN a.minute = EXCLUDED.minute THEN a.events + EXCLUDED.events ELSE EXCLUDED.events END,
         minute = EXCLUDED.minute;
  PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || v_last);
END
$$`;

const PREVIOUS_APPEND_BATCH = `
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
  v_after bigint;
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
      -- Stored events all precede the batch's, so the two lists concatenate in order.
      v_after := COALESCE((v_request->'condition'->>'after')::bigint, 0);
      v_conflicts := dcb_matching_positions(p_event_store_id, v_request->'condition'->'items', v_after, 100);
      IF cardinality(v_appended) > 0 AND cardinality(v_conflicts) < 100 THEN
        v_conflicts := (v_conflicts
          || append_batch_matching_positions(p_requests, v_appended, v_request->'condition'->'items', v_after, 100))
          [1:100];
      END IF;
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
  PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_appended);
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
  -- The store's appends per minute (GET …/activity): a ring of one row per minute of the hour, each
  -- started afresh when its minute comes round again, so reading the last hour never counts events.
  INSERT INTO store_activity AS a (event_store_id, slot, minute, events)
  VALUES (p_event_store_id, div(extract(epoch FROM v_window)::bigint, 60) % 60, v_window, v_last - v_store.last_position)
  ON CONFLICT (event_store_id, slot) DO UPDATE
     SET events = CASE WHEN a.minute = EXCLUDED.minute THEN a.events + EXCLUDED.events ELSE EXCLUDED.events END,
         minute = EXCLUDED.minute;
  PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || v_last);
END
$$`;
