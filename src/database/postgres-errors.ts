import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** True when Postgres refused a write because of that unique constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION && driverError.constraint === constraint;
}
