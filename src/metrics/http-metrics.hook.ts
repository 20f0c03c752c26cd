import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Metrics } from './metrics';

/**
 * Times every answered request (an onResponse hook), refused bodies (413) included. The route label
 * is the matched template (`/event-stores/:eventStoreId/streams/:streamId`), never the raw path, so
 * ids cannot multiply the series; requests that matched no route share one label.
 */
export function recordHttpMetrics(metrics: Metrics) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequestDuration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  };
}
