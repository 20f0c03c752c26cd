import type { ValidationError as ClassValidatorError } from 'class-validator';
import { FieldProblem, ValidationError } from '../errors/common.errors';

/** Flattens class-validator's tree into `events.0.type`-style paths, one entry per failed rule. */
export function toFieldProblems(errors: ClassValidatorError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldProblems(error.children ?? [], field)];
  });
}

export function validationExceptionFactory(errors: ClassValidatorError[]): ValidationError {
  return new ValidationError(toFieldProblems(errors));
}
