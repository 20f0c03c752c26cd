import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPEND_TO_STREAM } from './1795219300000-CreateEventLog';
import { APPEND_DCB } from './1795219400000-CreateDcb';
import { METERED_APPEND_DCB, METERED_APPEND_TO_STREAM, TAKE_EVENT_BUDGET } from './1795219600000-AddEventBudget';

/**
 * Group commit (issue 8): `append_batch` appends several requests to one store in one statement,
 * one transaction, under one take of the store's lock, each request decided as if it ran alone
 * after the ones before it. It replaces the per-append functions, which it folds together: the
 * idempotency claim, the event budget, the version and size checks of stream appends and the
 * condition of DCB appends.
 */
export class AppendInBatches1795219800000 implements MigrationInterface {
  name = 'AppendInBatches1795219800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(APPEND_BATCH);
    await queryRunner.query(`DROP FUNCTION append_to_stream(text, text, text, jsonb, bigint)`);
    await queryRunner.query(`DROP FUNCTION append_dcb(text, jsonb, jsonb, bigint)`);
    await queryRunner.query(`DROP FUNCTION append_to_stream_unmetered(text, text, text, jsonb)`);
    await queryRunner.query(`DROP FUNCTION append_dcb_unmetered(text, jsonb, jsonb)`);
    await queryRunner.query(`DROP FUNCTION take_event_budget(text, bigint, bigint)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(APPEND_TO_STREAM);
    await queryRunner.query(APPEND_DCB);
    await queryRunner.query(`ALTER FUNCTION append_to_stream(text, text, text, jsonb) RENAME TO append_to_stream_unmetered`);
    await queryRunner.query(`ALTER FUNCTION append_dcb(text, jsonb, jsonb) RENAME TO append_dcb_unmetered`);
    await queryRunner.query(TAKE_EVENT_BUDGET);
    await queryRunner.query(METERED_APPEND_TO_STREAM);
    await queryRunner.query(METERED_APPEND_DCB);
    await queryRunner.query(`DROP FUNCTION append_batch(text, jsonb, bigint)`);
  }
}

/**
 * Appends `p_requests` to a store, in order, and returns one row per request: its 0-based
 * `ordinal`, its `outcome` and a `detail`. A request is
 *   {kind: "stream", streamId, expectedVersion ("any" | "no_stream" | "stream_exists" | "<n>"), events, idempotency?}
 *   {kind: "dcb", events, condition?: {items, after}, idempotency?}
 * with `events` as the service serialises them ({type, data, metadata, tags, schemaVersion,
 * sizeBytes}) and `idempotency` {key, fingerprint}. Outcomes and their detail:
 *   appended              the result (stream: eventStoreId, streamId, eventsAppended, firstPosition, lastPosition,
 *                         streamVersion, transactionId, createdAt; dcb: lastPosition), kept with the key
 *   replayed              the result stored with the key (same fingerprint, within 24 h)
 *   idempotency_conflict  null (the key was used with another fingerprint)
 *   budget_exceeded       eventsPerMinute, eventsUsed, eventsRequested, retryAfterSeconds
 *   version_conflict      currentVersion
 *   size_exceeded         currentSizeBytes, appendSizeBytes, maxStreamSizeBytes
 *   condition_failed      the lowest 100 conflicting positions
 *   store_not_found       null
 *
 * Nothing raises for a refused request, so one request's refusal never undoes another's append
 * and no subtransaction is needed. Each request sees what the earlier ones wrote (the statements
 * of a volatile function take fresh snapshots), and the store row, locked first, makes batches
 * from any number of API instances run one after the other: positions stay gap-free and in commit
 * order. The budget is checked after the key (a replay appends nothing and costs nothing) and
 * before the other checks; only appended events count. The store's counters are written once,
 * and one NOTIFY announces the batch's last position on commit.
 */
export const APPEND_BATCH = `
CREATE FUNCTION append_batch(p_event_store_id text, p_requests jsonb, p_events_per_minute bigint)
RETURNS TABLE (ordinal int, outcome text, detail jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_store event_stores%ROWTYPE;
  v_request jsonb;
  v_events jsonb;
  v_count bigint;
  v_size bigint;
  v_last bigint;
  v_newest timestamptz;
  v_first_appended_at timestamptz;
  v_appended_events bigint := 0;
  v_new_streams bigint := 0;
  v_appended_size bigint := 0;
  v_minute timestamptz := date_trunc('minute', clock_timestamp(), 'UTC');
  v_window timestamptz;
  v_used bigint;
  v_key text;
  v_stored idempotency_keys%ROWTYPE;
  v_stream_id text;
  v_stream streams%ROWTYPE;
  v_version bigint;
  v_expected text;
  v_conflicts bigint[];
  v_clock timestamptz;
  v_now timestamptz;
  v_transaction uuid;
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
  ordinal := -1;

  FOR v_request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    ordinal := ordinal + 1;
    v_events := v_request->'events';
    v_count := jsonb_array_length(v_events);
    v_key := v_request->'idempotency'->>'key';

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

    IF v_used + v_count > p_events_per_minute THEN
      outcome := 'budget_exceeded';
      detail := jsonb_build_object('eventsPerMinute', p_events_per_minute, 'eventsUsed', v_used, 'eventsRequested', v_count,
        'retryAfterSeconds', GREATEST(1, ceil(extract(epoch FROM v_window + interval '1 minute' - clock_timestamp()))::int));
      RETURN NEXT;
      CONTINUE;
    END IF;

    SELECT COALESCE(sum((e->>'sizeBytes')::bigint), 0) INTO v_size FROM jsonb_array_elements(v_events) AS e;
    IF v_request->>'kind' = 'stream' THEN
      v_stream_id := v_request->>'streamId';
      v_expected := v_request->>'expectedVersion';
      SELECT * INTO v_stream FROM streams WHERE event_store_id = p_event_store_id AND stream_id = v_stream_id;
      v_version := COALESCE(v_stream.version, 0);
      IF (v_expected = 'no_stream' AND v_version <> 0)
         OR (v_expected = 'stream_exists' AND v_version = 0)
         OR (v_expected ~ '^[0-9]+$' AND v_expected::bigint <> v_version) THEN
        outcome := 'version_conflict'; detail := jsonb_build_object('currentVersion', v_version);
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF v_store.max_stream_size_bytes IS NOT NULL AND COALESCE(v_stream.size_bytes, 0) + v_size > v_store.max_stream_size_bytes THEN
        outcome := 'size_exceeded';
        detail := jsonb_build_object('currentSizeBytes', COALESCE(v_stream.size_bytes, 0), 'appendSizeBytes', v_size,
          'maxStreamSizeBytes', v_store.max_stream_size_bytes);
        RETURN NEXT;
        CONTINUE;
      END IF;
    ELSE
      v_stream_id := '__dcb__';
      IF jsonb_typeof(v_request->'condition') = 'object' THEN
        v_conflicts := dcb_matching_positions(p_event_store_id, v_request->'condition'->'items',
          COALESCE((v_request->'condition'->>'after')::bigint, 0), 100);
        IF cardinality(v_conflicts) > 0 THEN
          outcome := 'condition_failed'; detail := to_jsonb(v_conflicts);
          RETURN NEXT;
          CONTINUE;
        END IF;
      END IF;
    END IF;

    -- Read after the lock, and never earlier than the store's newest event, so that created_at
    -- follows global_position. A new stream keeps the clock's microseconds as its created_at (list order).
    v_clock := clock_timestamp();
    v_now := GREATEST(date_trunc('milliseconds', v_clock), v_newest);
    v_transaction := gen_random_uuid();

    INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                        metadata, tags, schema_version, transaction_id, created_at)
    SELECT p_event_store_id, v_last + e.ordinality, v_stream_id,
           CASE WHEN v_request->>'kind' = 'stream' THEN v_version + e.ordinality - 1 ELSE v_last + e.ordinality - 1 END,
           gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
           ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
           COALESCE(e.value->>'schemaVersion', '1'), v_transaction, v_now
      FROM jsonb_array_elements(v_events) WITH ORDINALITY AS e;

    IF v_request->>'kind' = 'stream' THEN
      INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                                size_bytes, created_at, updated_at)
      VALUES (p_event_store_id, v_stream_id, (regexp_match(v_stream_id, '^[^-_:]*'))[1], v_count, v_count,
              v_last + v_count, v_size, v_clock, v_now)
      ON CONFLICT (event_store_id, stream_id) DO UPDATE
         SET version = s.version + v_count, event_count = s.event_count + v_count,
             last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + v_size,
             updated_at = v_now;
      IF v_version = 0 THEN v_new_streams := v_new_streams + 1; END IF;
      v_result := jsonb_build_object('eventStoreId', p_event_store_id, 'streamId', v_stream_id, 'eventsAppended', v_count,
        'firstPosition', v_last + 1, 'lastPosition', v_last + v_count, 'streamVersion', v_version + v_count,
        'transactionId', v_transaction, 'createdAt', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
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
    v_first_appended_at := COALESCE(v_first_appended_at, v_now);
    v_newest := v_now;
    v_used := v_used + v_count;
    v_appended_events := v_appended_events + v_count;
    v_appended_size := v_appended_size + v_size;
    outcome := 'appended'; detail := v_result;
    RETURN NEXT;
  END LOOP;

  IF v_appended_events > 0 THEN
    UPDATE event_stores
       SET last_position = v_last,
           total_events = total_events + v_appended_events,
           total_streams = total_streams + v_new_streams,
           total_size_bytes = total_size_bytes + v_appended_size,
           oldest_event_at = COALESCE(oldest_event_at, v_first_appended_at),
           newest_event_at = v_newest,
           budget_window_start = v_window,
           budget_used = v_used
     WHERE id = p_event_store_id;
    PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || v_last);
  END IF;
END
$$`;
