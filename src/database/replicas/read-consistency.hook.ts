import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ValidationError } from '../../common/errors/common.errors';
import { currentRequest } from '../../common/logging/request-context';
import { MIN_GLOBAL_POSITION_HEADER } from './read-replicas.constants';

const POSITION = /^\d{1,15}$/;

/**
 * Reads `Min-Global-Position` into the request's context (ReadReplicas routes by it), with the
 * headers, before the body: a value that is not a position is 400 naming the header.
 */
export function readConsistency(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const value = request.headers[MIN_GLOBAL_POSITION_HEADER.toLowerCase()];
  if (value === undefined) return done();
  if (typeof value !== 'string' || !POSITION.test(value)) {
    return done(
      new ValidationError([
        { field: MIN_GLOBAL_POSITION_HEADER, message: 'must be a non-negative integer: a globalPosition you have seen' },
      ]),
    );
  }
  const context = currentRequest();
  if (context) context.minGlobalPosition = Number(value);
  done();
}
