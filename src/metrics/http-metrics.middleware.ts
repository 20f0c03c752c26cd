import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics';

type RoutedRequest = IncomingMessage & { route?: { path?: string }; baseUrl?: string };

/**
 * Times every request, mounted before the body parser so refused bodies (413) count too. The
 * route label is the matched template (`/event-stores/:eventStoreId/streams/:streamId`), never
 * the raw path, so ids cannot multiply the series; requests that matched no route share one label.
 */
export function recordHttpMetrics(metrics: Metrics) {
  return (request: RoutedRequest, response: ServerResponse, next: () => void): void => {
    const stopTimer = metrics.httpRequestDuration.startTimer();
    response.once('finish', () => {
      const route = request.route?.path ? `${request.baseUrl ?? ''}${request.route.path}` : 'unmatched';
      stopTimer({ method: request.method, route, status: response.statusCode });
    });
    next();
  };
}
