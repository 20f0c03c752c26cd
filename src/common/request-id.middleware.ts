import { randomUUID } from 'node:crypto';
import { withRequestId } from './logging/request-context';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{1,128}$/;

interface HeaderCarrier {
  headers: Record<string, string | string[] | undefined>;
}
interface HeaderSink {
  setHeader(name: string, value: string): void;
}

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane), echoes it, and serves the
 * rest of the request with it in context, so that every log line of the request, and a 500's body,
 * carry it. Mounted before the body parser so that its failures carry
 * an id too; written against Node's request and response, which every HTTP adapter exposes.
 */
export function assignRequestId(request: HeaderCarrier, response: HeaderSink, next: () => void): void {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader('X-Request-Id', id);
  withRequestId(id, next);
}
