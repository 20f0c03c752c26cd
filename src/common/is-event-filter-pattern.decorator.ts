import { registerDecorator, ValidationOptions } from 'class-validator';
import { parseEventFilter } from './event-filter';

/** A string in one of the four filter forms: `*`, `prefix.*`, `*.suffix` or an exact type. */
export function IsEventFilterPattern(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isEventFilterPattern',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an event type or a pattern (*, prefix.*, *.suffix)', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && parseEventFilter(value) !== null },
    });
}
