import type { ValueTransformer } from 'typeorm';

/** pg returns bigint as a string; counters and positions stay far below 2^53, so a number is exact. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
