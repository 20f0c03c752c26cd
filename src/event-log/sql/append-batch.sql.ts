import { APPENDS_CHANNEL, MAX_CONFLICTING_POSITIONS, STREAM_TYPE_PATTERN } from '../event-log.constants';

/**
 * `append_batch(p_event_store_id, p_requests, p_events_per_minute)`: appends `p_requests` to a store,
 * in order, in the caller's transaction, and returns one row per request: its 0-based `ordinal`, its
 * `outcome` and a `detail` (typed on the service's side by append/append-outcome.ts).
 *
 * Inputs. `p_requests` is a JSON array of requests as append/append-request.ts serialises them:
 *   {kind: "stream", streamId, expectedVersion ("any" | "no_stream" | "stream_exists" | "<n>"), sizeBytes, events, idempotency?}
 *   {kind: "dcb", sizeBytes, events, condition?: {items, after}, idempotency?}
 * with `events` [{type, data, metadata, tags, schemaVersion, sizeBytes}], `idempotency` {key,
 * fingerprint}, and `sizeBytes` the UTF-8 bytes of the compact JSON data and metadata (per event, and
 * their sum per request). The sizes are the service's: it serialises every event anyway, and
 * measuring again here would cost a serialisation per event under the store's lock. Every counter
 * that grows by them (streams.size_bytes, event_stores.total_size_bytes) shrinks by the same stored
 * events.size_bytes (count-out-events.sql.ts). `p_events_per_minute` is the store's event budget.
 *
 * Outcomes, and what `detail` carries:
 *   appended              the result (stream: eventStoreId, streamId, eventsAppended, firstPosition, lastPosition,
 *                         streamVersion, transactionId, createdAt; dcb: lastPosition), also kept with the key
 *   replayed              the result stored with the key (same fingerprint, within 24 h)
 *   idempotency_conflict  null (the key was used with another fingerprint within 24 h)
 *   budget_exceeded       eventsPerMinute, eventsUsed, eventsRequested, retryAfterSeconds
 *   version_conflict      currentVersion (stream appends)
 *   size_exceeded         currentSizeBytes, appendSizeBytes, maxStreamSizeBytes (stream appends)
 *   condition_failed      the lowest ${MAX_CONFLICTING_POSITIONS} conflicting positions (DCB appends)
 *   store_not_found       null, for every request (the store is gone)
 * Order of the checks: the key (a replay appends nothing and costs nothing), the budget (only
 * appended events count), then the version and size, or the condition.
 *
 * Locks. The store row, FOR NO KEY UPDATE, first and until commit: it hands out positions, so
 * batches from any number of API instances (and the retention sweep) run one after the other,
 * positions stay gap-free and in commit order, and every check reads state nobody else changes
 * meanwhile. Nothing raises for a refused request, so one request's refusal never undoes another's
 * append and no subtransaction is needed.
 *
 * Steps. Decide every request first, then write: streams the batch names are read once into arrays
 * (version and size as of the requests so far); appended requests wait in the `v_pending_*` arrays
 * and are inserted by append_batch_insert_events at the end, and the streams' rows are upserted once
 * per stream from `v_appended_*`. A DCB condition reads the events table, so the pending events are
 * inserted before one is evaluated: it sees every request ahead of it. The store's counters are
 * written once, and one NOTIFY on ${APPENDS_CHANNEL} announces `<storeId>:<lastPosition>` on commit.
 */
export const APPEND_BATCH = `
CREATE OR REPLACE FUNCTION append_batch(p_event_store_id text, p_requests jsonb, p_events_per_minute bigint)
RETURNS TABLE (ordinal int, outcome text, detail jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_store event_stores%ROWTYPE;
  v_request jsonb;
  v_kind text;
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
  v_known_streams text[];
  v_known_versions bigint[];
  v_known_sizes bigint[];
  v_known int;
  v_version bigint;
  v_stream_size bigint;
  v_expected text;
  v_conflicts bigint[];
  v_clock timestamptz;
  v_now timestamptz;
  v_transaction uuid;
  v_result jsonb;
  v_pending_ordinals int[] := '{}';
  v_pending_after bigint[] := '{}';
  v_pending_versions bigint[] := '{}';
  v_pending_transactions uuid[] := '{}';
  v_pending_times timestamptz[] := '{}';
  v_appended_streams text[] := '{}';
  v_appended_counts bigint[] := '{}';
  v_appended_lasts bigint[] := '{}';
  v_appended_sizes bigint[] := '{}';
  v_appended_clocks timestamptz[] := '{}';
  v_appended_times timestamptz[] := '{}';
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
  SELECT COALESCE(array_agg(s.stream_id), '{}'), COALESCE(array_agg(s.version), '{}'), COALESCE(array_agg(s.size_bytes), '{}')
    INTO v_known_streams, v_known_versions, v_known_sizes
    FROM streams s
   WHERE s.event_store_id = p_event_store_id
     AND s.stream_id IN (SELECT r->>'streamId' FROM jsonb_array_elements(p_requests) AS r WHERE r->>'kind' = 'stream');
  ordinal := -1;

  FOR v_request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    ordinal := ordinal + 1;
    v_kind := v_request->>'kind';
    v_count := jsonb_array_length(v_request->'events');
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

    v_size := (v_request->>'sizeBytes')::bigint;
    IF v_size IS NULL THEN
      -- An API process older than this migration: failing beats counting sizes as NULL.
      RAISE EXCEPTION 'append_batch: request % carries no sizeBytes (an API instance older than its database?)', ordinal;
    END IF;
    IF v_kind = 'stream' THEN
      v_stream_id := v_request->>'streamId';
      v_expected := v_request->>'expectedVersion';
      v_known := array_position(v_known_streams, v_stream_id);
      IF v_known IS NULL THEN
        v_known_streams := v_known_streams || v_stream_id;
        v_known_versions := v_known_versions || 0::bigint;
        v_known_sizes := v_known_sizes || 0::bigint;
        v_known := cardinality(v_known_streams);
      END IF;
      v_version := v_known_versions[v_known];
      v_stream_size := v_known_sizes[v_known];
      IF (v_expected = 'no_stream' AND v_version <> 0)
         OR (v_expected = 'stream_exists' AND v_version = 0)
         OR (v_expected ~ '^[0-9]+$' AND v_expected::bigint <> v_version) THEN
        outcome := 'version_conflict'; detail := jsonb_build_object('currentVersion', v_version);
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF v_store.max_stream_size_bytes IS NOT NULL AND v_stream_size + v_size > v_store.max_stream_size_bytes THEN
        outcome := 'size_exceeded';
        detail := jsonb_build_object('currentSizeBytes', v_stream_size, 'appendSizeBytes', v_size,
          'maxStreamSizeBytes', v_store.max_stream_size_bytes);
        RETURN NEXT;
        CONTINUE;
      END IF;
    ELSIF jsonb_typeof(v_request->'condition') = 'object' THEN
      IF cardinality(v_pending_ordinals) > 0 THEN
        PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_pending_ordinals, v_pending_after,
          v_pending_versions, v_pending_transactions, v_pending_times);
        v_pending_ordinals := '{}'; v_pending_after := '{}'; v_pending_versions := '{}';
        v_pending_transactions := '{}'; v_pending_times := '{}';
      END IF;
      v_conflicts := dcb_matching_positions(p_event_store_id, v_request->'condition'->'items',
        COALESCE((v_request->'condition'->>'after')::bigint, 0), ${MAX_CONFLICTING_POSITIONS});
      IF cardinality(v_conflicts) > 0 THEN
        outcome := 'condition_failed'; detail := to_jsonb(v_conflicts);
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    -- Read after the lock, and never earlier than the store's newest event, so that created_at
    -- follows global_position. A new stream keeps the clock's microseconds as its created_at (list order).
    v_clock := clock_timestamp();
    v_now := GREATEST(date_trunc('milliseconds', v_clock), v_newest);
    v_transaction := gen_random_uuid();
    v_pending_ordinals := v_pending_ordinals || ordinal;
    v_pending_after := v_pending_after || v_last;
    v_pending_versions := v_pending_versions || CASE WHEN v_kind = 'stream' THEN v_version END;
    v_pending_transactions := v_pending_transactions || v_transaction;
    v_pending_times := v_pending_times || v_now;

    IF v_kind = 'stream' THEN
      v_known_versions[v_known] := v_version + v_count;
      v_known_sizes[v_known] := v_stream_size + v_size;
      v_appended_streams := v_appended_streams || v_stream_id;
      v_appended_counts := v_appended_counts || v_count;
      v_appended_lasts := v_appended_lasts || (v_last + v_count);
      v_appended_sizes := v_appended_sizes || v_size;
      v_appended_clocks := v_appended_clocks || v_clock;
      v_appended_times := v_appended_times || v_now;
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

  IF v_appended_events = 0 THEN
    RETURN;
  END IF;
  IF cardinality(v_pending_ordinals) > 0 THEN
    PERFORM append_batch_insert_events(p_event_store_id, p_requests, v_pending_ordinals, v_pending_after,
      v_pending_versions, v_pending_transactions, v_pending_times);
  END IF;
  -- One row per stream: a new stream's created_at is its first append's clock.
  INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                            size_bytes, created_at, updated_at)
  SELECT p_event_store_id, a.stream_id, (regexp_match(a.stream_id, '${STREAM_TYPE_PATTERN}'))[1], sum(a.events), sum(a.events),
         max(a.last_position), sum(a.size_bytes), min(a.clock), max(a.appended_at)
    FROM unnest(v_appended_streams, v_appended_counts, v_appended_lasts, v_appended_sizes, v_appended_clocks, v_appended_times)
         AS a(stream_id, events, last_position, size_bytes, clock, appended_at)
   GROUP BY a.stream_id
  ON CONFLICT (event_store_id, stream_id) DO UPDATE
     SET version = s.version + EXCLUDED.version, event_count = s.event_count + EXCLUDED.event_count,
         last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + EXCLUDED.size_bytes,
         updated_at = EXCLUDED.updated_at;
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
  PERFORM pg_notify('${APPENDS_CHANNEL}', p_event_store_id || ':' || v_last);
END
$$`;
