import type { IncomingMessage } from 'node:http';
import { AmbiguousCredentialsError } from '../auth.errors';

/**
 * RFC 7235 credentials of the Bearer scheme: the scheme in any case, one or more spaces, one
 * token68, and nothing after (no second word, no trailing tab). Anything looser would let two
 * parsers (ours and a proxy's) read different credentials from one header. Credentials in query
 * strings or bodies end up in logs and browser histories, so they are read from there only where a
 * browser cannot send a header (a WebSocket upgrade, an EventSource): see credentialFromQueryOrHeader.
 */
const BEARER_CREDENTIALS = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const AUTHORIZATION = 'authorization';

/** The token of an `Authorization: Bearer …` header, or null when the header is absent or not exactly that. */
export function bearerToken(authorization: string | undefined): string | null {
  return authorization === undefined ? null : (BEARER_CREDENTIALS.exec(authorization)?.[1] ?? null);
}

/**
 * The request's one `Authorization` header. Node keeps only the first of several (and a proxy may
 * keep the last), so a request carrying two could be read as two different callers: it is refused.
 */
export function soleAuthorization(request: IncomingMessage): string | undefined {
  const { rawHeaders } = request;
  let found = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index].length === AUTHORIZATION.length && rawHeaders[index].toLowerCase() === AUTHORIZATION) found += 1;
  }
  if (found > 1) throw new AmbiguousCredentialsError('The request carries more than one Authorization header');
  return request.headers.authorization;
}

/**
 * The credential of a request that may carry it as a query parameter (`?apiKey=`), for browsers'
 * WebSocket and EventSource, which cannot set headers, or as `Authorization: Bearer`; both at once
 * must say the same. Null when neither is there.
 */
export function credentialFromQueryOrHeader(
  queryValue: string | null | undefined,
  authorization: string | undefined,
  parameter = 'apiKey',
): string | null {
  const headerKey = bearerToken(authorization);
  if (queryValue && authorization !== undefined && queryValue !== headerKey) {
    throw new AmbiguousCredentialsError(`The ${parameter} parameter and the Authorization header name different credentials`);
  }
  return queryValue || headerKey;
}
