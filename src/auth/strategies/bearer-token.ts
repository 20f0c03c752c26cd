/**
 * RFC 7235 credentials of the Bearer scheme: the scheme in any case, one or more spaces, one
 * token68, and nothing after (no second word, no trailing tab). Anything looser would let two
 * parsers (ours and a proxy's) read different credentials from one header. Credentials in query
 * strings or bodies end up in logs and browser histories, so they are never read from there.
 */
const BEARER_CREDENTIALS = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an `Authorization: Bearer …` header, or null when the header is absent or not exactly that. */
export function bearerToken(authorization: string | undefined): string | null {
  return authorization === undefined ? null : (BEARER_CREDENTIALS.exec(authorization)?.[1] ?? null);
}
