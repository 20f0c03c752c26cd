import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { isCompactAppendBody } from '../json/compact-append-body';
import { validationExceptionFactory } from './validation-exception.factory';

/**
 * Every DTO is validated and turned into its class; failures become VALIDATION_ERROR. A field the
 * DTO does not declare, in a body at any depth of its own structure or in the query string, is
 * refused and named: a typo (`expectedVersion`, `?type=`) must never silently become an
 * unconditional append or an unfiltered read. `data` and `metadata` are declared as free-form
 * objects, so their keys are the client's own.
 */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
};

/**
 * A DTO class with a precheck: plain code that returns the instance class-transformer and
 * class-validator would produce, or null when in any doubt. It must accept nothing the class's
 * decorators refuse; app-validation.pipe.spec.ts holds every precheck to that.
 */
export interface Prechecked {
  precheck(value: unknown): object | null;
}

/**
 * The global ValidationPipe with a shortcut for DTOs that declare a precheck: valid input is built
 * directly, and only input the precheck declines goes through class-transformer and
 * class-validator, which decide and explain it. The append bodies have one: walking up to 1000
 * events through class-transformer and class-validator was the largest share of an append's CPU.
 */
export class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const precheck = (metadata.metatype as Partial<Prechecked> | undefined)?.precheck;
    return precheck?.call(metadata.metatype, value) ?? super.transform(parsedInFull(value), metadata);
  }
}

/**
 * A body whose events kept their data as text (compactAppendBody) with those values parsed, as the
 * full path must see them: class-transformer would copy a JsonText's fields instead. The JsonText's
 * toJSON gives each value as JSON.parse does, and the rest of such a body came from JSON.parse.
 */
function parsedInFull(value: unknown): unknown {
  return isCompactAppendBody(value) ? JSON.parse(JSON.stringify(value)) : value;
}
