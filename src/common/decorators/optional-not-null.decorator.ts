import { ValidateIf } from 'class-validator';

/**
 * Like @IsOptional, but only for an absent field: an explicit null is validated (and refused) like
 * any other wrong value, so `limit: null` cannot slip past a maximum.
 */
export const OptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
