import type { FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { checkBodyShape } from './body-shape';
import { compactAppendBody } from './json/compact-append-body';
import { MalformedBodyError, UnsupportedBodyError, ValidationError } from './errors/common.errors';

const CHARSET = /charset=\s*"?([^";\s]+)/i;

/**
 * The one body the API reads: JSON in UTF-8 (a declared other charset, or bytes that are not UTF-8,
 * are 415: decoding them would store U+FFFD in place of what the client sent, and two bodies that
 * differ only there would look like one to an Idempotency-Key). A parse failure is
 * 400 on field `body`, without the parser's message, which quotes the body, and so is JSON the
 * store or the validation could not handle (see checkBodyShape); an empty body is `{}`, so
 * validation names the fields it lacks. An append body whose events' data and metadata are compact
 * JSON keeps them as the text they came as (compactAppendBody).
 */
export function parseJsonBody(request: FastifyRequest, bytes: Buffer, done: (error: Error | null, value?: unknown) => void): void {
  const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1].toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(new UnsupportedBodyError());
  if (!isUtf8(bytes)) return done(new UnsupportedBodyError());
  const compact = compactAppendBody(bytes);
  if (compact) return done(null, compact);
  const body = bytes.toString('utf8');
  if (body === '') return done(null, {});
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return done(new MalformedBodyError());
  }
  const problem = checkBodyShape(value);
  if (problem) return done(new ValidationError([{ field: 'body', message: problem }]));
  done(null, value);
}
