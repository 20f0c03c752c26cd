import { retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  const policy = { maxRetries: 5, initialBackoffMs: 1000, backoffMultiplier: 2 };

  it('waits initialBackoffMs before the first retry and multiplies after each', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(policy, retry))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('keeps the wait constant with a multiplier of 1', () => {
    expect([1, 2, 3].map((retry) => retryDelayMs({ ...policy, initialBackoffMs: 250, backoffMultiplier: 1 }, retry))).toEqual([
      250, 250, 250,
    ]);
  });

  it('rounds fractional multipliers to whole milliseconds', () => {
    expect(retryDelayMs({ ...policy, initialBackoffMs: 100, backoffMultiplier: 1.5 }, 3)).toBe(225);
  });

  it('never waits longer than one hour', () => {
    expect(retryDelayMs({ maxRetries: 20, initialBackoffMs: 3_600_000, backoffMultiplier: 10 }, 20)).toBe(3_600_000);
    expect(retryDelayMs({ maxRetries: 20, initialBackoffMs: 1000, backoffMultiplier: 10 }, 4)).toBe(1_000_000);
    expect(retryDelayMs({ maxRetries: 20, initialBackoffMs: 1000, backoffMultiplier: 10 }, 5)).toBe(3_600_000);
  });
});
