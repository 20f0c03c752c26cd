import { ExtractJwt } from 'passport-jwt';

/**
 * The token of an `Authorization: Bearer …` header, and nothing else: credentials in query strings
 * or bodies end up in logs and browser histories, so they are never read.
 */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken() as (request: unknown) => string | null;
