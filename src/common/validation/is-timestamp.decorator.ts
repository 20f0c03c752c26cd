import { isISO8601, ValidateBy } from 'class-validator';

/**
 * An instant as RFC 3339 writes it (a date, or a date and time with an optional offset; `T` and
 * `Z` in capitals): the part of ISO 8601 that PostgreSQL reads. ISO 8601 alone also admits week
 * dates (`2024-W01`), ordinal dates, bare years, hours without minutes and expanded years
 * (`+2024-01-01`), which PostgreSQL refuses, and year 0000, which it cannot hold; the pattern keeps
 * those out, and the strict ISO check then refuses impossible dates such as February 30th.
 */
const RFC_3339 = /^(?!0000)\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?)?$/;

export const isTimestamp = (value: unknown): boolean =>
  typeof value === 'string' && RFC_3339.test(value) && isISO8601(value, { strict: true });

export const IsTimestamp = () =>
  ValidateBy({
    name: 'isTimestamp',
    validator: {
      validate: isTimestamp,
      defaultMessage: (args) => `${args?.property} must be an RFC 3339 date or date-time, e.g. 2026-11-21T12:00:00Z`,
    },
  });
