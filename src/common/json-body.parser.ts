import type { FastifyRequest } from 'fastify';
import { checkBodyShape } from './body-shape';
import { MalformedBodyError, UnsupportedBodyError, ValidationError } from './errors/common.errors';

const CHARSET = /charset=\s*"?([^";\s]+)/i;

/**
 * The one body the API reads: JSON in UTF-8 (a declared other charset is 415). A parse failure is
 * 400 on field `body`, without the parser's message, which quotes the body, and so is JSON the
 * store or the validation could not handle (see checkBodyShape); an empty body is `{}`, so
 * validation names the fields it lacks.
 */
export function parseJsonBody(request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void): void {
  const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1].toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(new UnsupportedBodyError());
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
