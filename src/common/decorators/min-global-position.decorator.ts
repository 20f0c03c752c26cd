import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { MIN_GLOBAL_POSITION_HEADER } from '../../database/replicas/read-replicas.constants';

/** `Min-Global-Position` as the OpenAPI document describes it, on the operations that read it. */
const documented = () =>
  ApiHeader({
    name: MIN_GLOBAL_POSITION_HEADER,
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description:
      "A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least " +
      'every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from ' +
      'the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen.',
  });

/**
 * The request's `Min-Global-Position`, 0 without one (the readConsistency hook has refused any other
 * value already), for an operation whose reads a standby may serve (ReadReplicas). It documents the
 * header on its operation too, so that no operation describes the header without reading it, or the reverse.
 */
export const MinGlobalPosition = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number => {
    const value = context.switchToHttp().getRequest<FastifyRequest>().headers[MIN_GLOBAL_POSITION_HEADER.toLowerCase()];
    return typeof value === 'string' ? Number(value) : 0;
  },
  [(target, key) => documented()(target, key!, Object.getOwnPropertyDescriptor(target, key!)!)],
);
