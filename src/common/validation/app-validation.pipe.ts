import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { validationExceptionFactory } from './validation-exception.factory';

/** Every DTO is validated, stripped of undeclared fields and turned into its class; failures become VALIDATION_ERROR. */
export const VALIDATION_OPTIONS: ValidationPipeOptions = { whitelist: true, transform: true, exceptionFactory: validationExceptionFactory };

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
    return precheck?.call(metadata.metatype, value) ?? super.transform(value, metadata);
  }
}
