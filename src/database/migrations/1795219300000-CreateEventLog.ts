import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log: events, per-stream state, idempotency records, and `append_to_stream`, which does a
 * whole append in one round trip. Every table that grows with events leads its keys with
 * event_store_id (DECISIONS §10).
 */
export class CreateEventLog1795219300000 implements MigrationInterface {
  name = 'CreateEventLog1795219300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `type` uses the C collation so that `type LIKE 'prefix.%'` (subscription patterns) is an index
    // range scan. created_at is stored to the millisecond, as it is compared (DECISIONS §2).
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

    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        event_store_id text NOT NULL CONSTRAINT idempotency_keys_event_store_fk REFERENCES event_stores (id) ON DELETE CASCADE,
        key            text NOT NULL,
        fingerprint    text NOT NULL,
        result         jsonb,
        created_at     timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT idempotency_keys_pk PRIMARY KEY (event_store_id, key)
      )`);

    await queryRunner.query(APPEND_TO_STREAM);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION append_to_stream`);
    await queryRunner.query(`DROP TABLE idempotency_keys`);
    await queryRunner.query(`DROP TABLE streams`);
    await queryRunner.query(`DROP TABLE events`);
  }
}

/**
 * Appends `p_events` (a JSON array of {type, data, metadata, tags, schemaVersion, sizeBytes}) to a
 * stream. The store row's lock, held to commit, serialises appends per store: positions are handed
 * out gap-free in commit order, and the version and size checks read state no one else can change
 * meanwhile. Failures raise custom SQLSTATEs (ESNF1 store missing, ESVC1 version conflict, ESSZ1
 * size exceeded) so nothing is written. NOTIFY is delivered on commit only: a wake-up for readers.
 */
export const APPEND_TO_STREAM = `
CREATE FUNCTION append_to_stream(
  p_event_store_id text,
  p_stream_id text,
  p_expected_version text,
  p_events jsonb
) RETURNS TABLE (
  first_position bigint,
  last_position bigint,
  stream_version bigint,
  transaction_id uuid,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count bigint := jsonb_array_length(p_events);
  v_size bigint;
  v_store event_stores%ROWTYPE;
  v_stream streams%ROWTYPE;
  v_version bigint;
  v_clock timestamptz;
  v_now timestamptz;
  v_transaction uuid := gen_random_uuid();
BEGIN
  -- NO KEY UPDATE serialises appends per store yet, unlike FOR UPDATE, does not conflict with the
  -- KEY SHARE locks that foreign-key checks (an idempotency claim, earlier in the transaction) hold.
  SELECT * INTO v_store FROM event_stores WHERE id = p_event_store_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'event store % not found', p_event_store_id USING ERRCODE = 'ESNF1';
  END IF;

  SELECT * INTO v_stream FROM streams WHERE event_store_id = p_event_store_id AND stream_id = p_stream_id;
  v_version := COALESCE(v_stream.version, 0);
  IF (p_expected_version = 'no_stream' AND v_version <> 0)
     OR (p_expected_version = 'stream_exists' AND v_version = 0)
     OR (p_expected_version ~ '^[0-9]+$' AND p_expected_version::bigint <> v_version) THEN
    RAISE EXCEPTION 'stream % is at version %', p_stream_id, v_version
      USING ERRCODE = 'ESVC1', DETAIL = v_version::text;
  END IF;

  SELECT COALESCE(sum((e->>'sizeBytes')::bigint), 0) INTO v_size FROM jsonb_array_elements(p_events) AS e;
  IF v_store.max_stream_size_bytes IS NOT NULL
     AND COALESCE(v_stream.size_bytes, 0) + v_size > v_store.max_stream_size_bytes THEN
    RAISE EXCEPTION 'stream % would exceed % bytes', p_stream_id, v_store.max_stream_size_bytes
      USING ERRCODE = 'ESSZ1',
            DETAIL = json_build_object('currentSizeBytes', COALESCE(v_stream.size_bytes, 0), 'appendSizeBytes', v_size,
                                       'maxStreamSizeBytes', v_store.max_stream_size_bytes)::text;
  END IF;

  -- Read after the lock, and never earlier than the store's newest event, so that created_at follows
  -- global_position. A new stream keeps the clock's microseconds as its created_at (list order).
  v_clock := clock_timestamp();
  v_now := GREATEST(date_trunc('milliseconds', v_clock), v_store.newest_event_at);

  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data,
                      metadata, tags, schema_version, transaction_id, created_at)
  SELECT p_event_store_id, v_store.last_position + e.ordinality, p_stream_id, v_version + e.ordinality - 1,
         gen_random_uuid(), e.value->>'type', e.value->'data', e.value->'metadata',
         ARRAY(SELECT jsonb_array_elements_text(COALESCE(e.value->'tags', '[]'))),
         COALESCE(e.value->>'schemaVersion', '1'), v_transaction, v_now
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e;

  INSERT INTO streams AS s (event_store_id, stream_id, stream_type, version, event_count, last_global_position,
                            size_bytes, created_at, updated_at)
  VALUES (p_event_store_id, p_stream_id, (regexp_match(p_stream_id, '^[^-_:]*'))[1], v_count, v_count,
          v_store.last_position + v_count, v_size, v_clock, v_now)
  ON CONFLICT (event_store_id, stream_id) DO UPDATE
     SET version = s.version + v_count, event_count = s.event_count + v_count,
         last_global_position = EXCLUDED.last_global_position, size_bytes = s.size_bytes + v_size,
         updated_at = v_now;

  UPDATE event_stores
     SET last_position = last_position + v_count,
         total_events = total_events + v_count,
         total_streams = total_streams + CASE WHEN v_version = 0 THEN 1 ELSE 0 END,
         total_size_bytes = total_size_bytes + v_size,
         oldest_event_at = COALESCE(oldest_event_at, v_now),
         newest_event_at = v_now
   WHERE id = p_event_store_id;

  PERFORM pg_notify('event_store_appends', p_event_store_id || ':' || (v_store.last_position + v_count));

  RETURN QUERY SELECT v_store.last_position + 1, v_store.last_position + v_count, v_version + v_count, v_transaction, v_now;
END
$$`;
