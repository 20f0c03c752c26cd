import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event budget of DECISIONS §7: each store may take RATE_LIMIT_EVENTS_PER_MINUTE events per
 * UTC minute, across stream and DCB appends. The count lives on the store row, whose lock every
 * append already takes, so the budget is decided with the append itself: one that would pass it
 * raises ESRL1 and writes nothing, and concurrent appends each see what the previous one left.
 *
 * The append functions keep their bodies: each is renamed `*_unmetered` and the old name now
 * takes the limit as a last argument, takes the budget (locking the store row), then appends.
 * Every call is one statement, so a failed append (409, 404) takes its budget back with it.
 */
export class AddEventBudget1795219600000 implements MigrationInterface {
  name = 'AddEventBudget1795219600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE event_stores
        ADD COLUMN budget_window_start timestamptz,
        ADD COLUMN budget_used bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(TAKE_EVENT_BUDGET);
    await queryRunner.query(`ALTER FUNCTION append_to_stream(text, text, text, jsonb) RENAME TO append_to_stream_unmetered`);
    await queryRunner.query(`ALTER FUNCTION append_dcb(text, jsonb, jsonb) RENAME TO append_dcb_unmetered`);
    await queryRunner.query(METERED_APPEND_TO_STREAM);
    await queryRunner.query(METERED_APPEND_DCB);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION append_dcb(text, jsonb, jsonb, bigint)`);
    await queryRunner.query(`DROP FUNCTION append_to_stream(text, text, text, jsonb, bigint)`);
    await queryRunner.query(`ALTER FUNCTION append_dcb_unmetered(text, jsonb, jsonb) RENAME TO append_dcb`);
    await queryRunner.query(`ALTER FUNCTION append_to_stream_unmetered(text, text, text, jsonb) RENAME TO append_to_stream`);
    await queryRunner.query(`DROP FUNCTION take_event_budget`);
    await queryRunner.query(`ALTER TABLE event_stores DROP COLUMN budget_used, DROP COLUMN budget_window_start`);
  }
}

/**
 * Counts `p_count` events into the store's current UTC minute, or raises ESRL1 (DETAIL: JSON with
 * the limit, the events already counted, the events asked for and the seconds until the minute
 * ends, by the database's clock) when that would pass `p_per_minute`; the raise undoes the count.
 * The UPDATE takes the store row's lock. The window never moves backwards: an append that read
 * the clock just before a minute turned, then waited for the lock, counts in the newer minute.
 * A missing store is left to the append, which reports it.
 */
export const TAKE_EVENT_BUDGET = `
CREATE FUNCTION take_event_budget(p_event_store_id text, p_count bigint, p_per_minute bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_minute timestamptz := date_trunc('minute', clock_timestamp(), 'UTC');
  v_window timestamptz;
  v_used bigint;
BEGIN
  UPDATE event_stores
     SET budget_used = CASE WHEN budget_window_start >= v_minute THEN budget_used ELSE 0 END + p_count,
         budget_window_start = GREATEST(budget_window_start, v_minute)
   WHERE id = p_event_store_id
  RETURNING budget_window_start, budget_used INTO v_window, v_used;
  IF FOUND AND v_used > p_per_minute THEN
    RAISE EXCEPTION 'event store % would pass its budget of % events per minute', p_event_store_id, p_per_minute
      USING ERRCODE = 'ESRL1',
            DETAIL = json_build_object(
              'eventsPerMinute', p_per_minute, 'eventsUsed', v_used - p_count, 'eventsRequested', p_count,
              'retryAfterSeconds', GREATEST(1, ceil(extract(epoch FROM v_window + interval '1 minute' - clock_timestamp()))::int))::text;
  END IF;
END
$$`;

export const METERED_APPEND_TO_STREAM = `
CREATE FUNCTION append_to_stream(
  p_event_store_id text,
  p_stream_id text,
  p_expected_version text,
  p_events jsonb,
  p_events_per_minute bigint
) RETURNS TABLE (
  first_position bigint,
  last_position bigint,
  stream_version bigint,
  transaction_id uuid,
  created_at timestamptz
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM take_event_budget(p_event_store_id, jsonb_array_length(p_events), p_events_per_minute);
  RETURN QUERY SELECT * FROM append_to_stream_unmetered(p_event_store_id, p_stream_id, p_expected_version, p_events);
END
$$`;

export const METERED_APPEND_DCB = `
CREATE FUNCTION append_dcb(p_event_store_id text, p_events jsonb, p_condition jsonb, p_events_per_minute bigint)
RETURNS TABLE (last_position bigint) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM take_event_budget(p_event_store_id, jsonb_array_length(p_events), p_events_per_minute);
  RETURN QUERY SELECT * FROM append_dcb_unmetered(p_event_store_id, p_events, p_condition);
END
$$`;
