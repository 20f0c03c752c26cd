import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ValidationError } from '../../common/errors/common.errors';
import { MIN_GLOBAL_POSITION_HEADER } from './read-replicas.constants';

const POSITION = /^\d{1,15}$/;

/**
 * Checks `Min-Global-Position` (ReadReplicas routes by it, MinGlobalPosition reads it) with the
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
  done();
}
