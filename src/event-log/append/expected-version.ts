import { registerDecorator, ValidationOptions } from 'class-validator';

/** What an append may require of the stream's version (DECISIONS §2). */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

const KEYWORDS = ['any', 'no_stream', 'stream_exists'];

export function isExpectedVersion(value: unknown): value is ExpectedVersion {
  return (typeof value === 'number' && Number.isSafeInteger(value) && value >= -1) || KEYWORDS.includes(value as string);
}

/** The `expectedVersion` `append_batch` takes: a keyword or the exact version as text; -1 means no_stream. */
export function expectedVersionArgument(expected: ExpectedVersion | undefined): string {
  if (expected === undefined) return 'any';
  if (expected === -1) return 'no_stream';
  return String(expected);
}

export function IsExpectedVersion(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isExpectedVersion',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be an integer >= -1 or one of ${KEYWORDS.join(', ')}`, ...options },
      validator: { validate: isExpectedVersion },
    });
}
