import type { ValidationError as ClassValidatorError } from 'class-validator';
import { toFieldProblems, validationExceptionFactory } from './validation-exception.factory';

const error = (property: string, constraints?: Record<string, string>, children: ClassValidatorError[] = []): ClassValidatorError => ({
  property,
  constraints,
  children,
});

describe('toFieldProblems', () => {
  it('names nested fields by their path and keeps every failed rule', () => {
    const problems = toFieldProblems([
      error('name', { matches: 'name is malformed', isString: 'name must be a string' }),
      error('events', undefined, [error('0', undefined, [error('type', { isNotEmpty: 'type should not be empty' })])]),
    ]);
    expect(problems).toEqual([
      { field: 'name', message: 'name is malformed' },
      { field: 'name', message: 'name must be a string' },
      { field: 'events.0.type', message: 'type should not be empty' },
    ]);
  });

  it('becomes a 400 VALIDATION_ERROR carrying the fields', () => {
    const failure = validationExceptionFactory([error('limit', { max: 'limit must not be greater than 1000' })]);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'limit', message: 'limit must not be greater than 1000' }] },
    });
  });
});
