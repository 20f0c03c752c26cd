const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * `2026-11-24 15:23:01.042 UTC+01:00` in the browser's time zone: sortable, to the millisecond the
 * service keeps, and with the zone, since two rows may straddle a change of daylight saving time.
 */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${formatClock(iso)}`;
}

/** `15:23:01.042 UTC+01:00`, for the live tail. */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  return `${time} ${zoneOf(date)}`;
}

/** `UTC`, `UTC+01:00` or `UTC-03:30`: the browser's offset from UTC at that instant. */
export function zoneOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  return `UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toLocaleString('en-US');
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `a, b , c` → `['a', 'b', 'c']`. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Parses a JSON object typed into a form; the message names the field. */
export function parseJsonObject(text: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FormError(`${field} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FormError(`${field} must be a JSON object ({ … })`);
  return value as Record<string, unknown>;
}

/** A mistake in a form, caught before anything is sent. */
export class FormError extends Error {
  override name = 'FormError';
}
