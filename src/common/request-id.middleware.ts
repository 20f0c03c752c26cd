import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{1,128}$/;

interface HeaderCarrier {
  headers: Record<string, string | string[] | undefined>;
}
interface HeaderSink {
  setHeader(name: string, value: string): void;
}

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane) and echoes it, so a 500's
 * body and the server log can be matched. Mounted before the body parser so that its failures carry
 * an id too; written against Node's request and response, which every HTTP adapter exposes.
 */
export function assignRequestId(request: HeaderCarrier, response: HeaderSink, next: () => void): void {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader('X-Request-Id', id);
  next();
}
