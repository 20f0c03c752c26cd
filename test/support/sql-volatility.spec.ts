import { mutableCallsInConditionals } from './sql-volatility';

const MUTABLE = new Set(['now', 'clock_timestamp', 'gen_random_uuid']);

describe('mutableCallsInConditionals', () => {
  it('finds a clock inside COALESCE or CASE in a write, a TypeORM set expression included', () => {
    expect(
      mutableCallsInConditionals(
        `UPDATE dead_letters SET replay_requested_at = COALESCE(replay_requested_at, now()) WHERE id = $1`,
        MUTABLE,
      ),
    ).toEqual(['COALESCE(replay_requested_at, now())']);
    expect(mutableCallsInConditionals('COALESCE(revoked_at, now())', MUTABLE)).toEqual(['COALESCE(revoked_at, now())']);
    expect(
      mutableCallsInConditionals(
        `INSERT INTO t (k, v) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET at = CASE WHEN t.v > 0 THEN clock_timestamp() ELSE t.at END`,
        MUTABLE,
      ),
    ).toEqual(['CASE WHEN t.v > 0 THEN clock_timestamp() ELSE t.at END']);
    expect(mutableCallsInConditionals(`UPDATE t SET at = COALESCE(at, CURRENT_TIMESTAMP)`, MUTABLE)).toHaveLength(1);
  });

  it('leaves reads, assignments, immutable conditionals and calls outside them alone', () => {
    expect(mutableCallsInConditionals(`SELECT CASE WHEN at < now() THEN 1 END FROM t`, MUTABLE)).toEqual([]);
    expect(mutableCallsInConditionals(`v_this := ROW(CASE WHEN v_kind = 'stream' THEN 1 END, clock_timestamp())`, MUTABLE)).toEqual([]);
    expect(mutableCallsInConditionals(`UPDATE t SET at = COALESCE(at, $2), seen = now() WHERE id = $1`, MUTABLE)).toEqual([]);
    expect(mutableCallsInConditionals(`UPDATE t SET n = COALESCE(n, 0) + 1, now_seen = true`, MUTABLE)).toEqual([]);
  });
});
