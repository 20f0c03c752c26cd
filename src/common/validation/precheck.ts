/**
 * Building blocks of the DTOs' prechecks (see AppValidationPipe): each mirrors a class-validator
 * rule exactly, so that a precheck accepts nothing the decorators would refuse.
 */

/** IsObject: a non-null object that is not an array. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The whitelist with forbidNonWhitelisted: every key of `value` is one of `fields`. */
export const hasOnlyFields = (value: Record<string, unknown>, fields: readonly string[]): boolean => {
  for (const key in value) if (!fields.includes(key)) return false;
  return true;
};

/** IsArray + ArrayMaxSize(max) + IsString({ each }) + Matches(pattern, { each }). */
export const isStringList = (value: unknown, max: number, pattern: RegExp): value is string[] =>
  Array.isArray(value) && value.length <= max && value.every((item) => typeof item === 'string' && pattern.test(item));

/** IsInt + Min(min) + Max(max). */
export const isIntegerBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * An instance of `type` with the given fields, those undefined left out (the class's own defaults
 * stay), as class-transformer builds it from JSON, where a field is either present or absent.
 */
export function instanceOf<T extends object>(type: new () => T, fields: Partial<T>): T {
  const instance = new type() as Record<string, unknown>;
  // for…in rather than Object.entries: no array per field, on a path that builds an instance per event of an append.
  for (const key in fields) if (fields[key as keyof T] !== undefined) instance[key] = fields[key as keyof T];
  return instance as T;
}
