import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { INTERNAL_ERROR } from '../errors/internal-error';
import { REQUEST_ID_HEADER } from '../request-id.middleware';

interface RenderedError {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** Family B (`/api/...`) answers with a flat envelope; every other path with the spec's nested one. */
const FLAT_ENVELOPE_PREFIX = '/api/';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Statuses that Nest or a library raise on purpose; any other 5xx is a failure we did not expect. */
const isDeliberate = (status: number) => status < 500 || status === 503;

/** The one place where any failure becomes a response body. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const adapter = this.adapterHost.httpAdapter;
    const request = http.getRequest();
    const path: string = adapter.getRequestUrl(request);
    const requestId = String(request.headers?.[REQUEST_ID_HEADER] ?? 'none');
    const rendered = this.render(exception, requestId, `${adapter.getRequestMethod(request)} ${path}`);
    const body = path.startsWith(FLAT_ENVELOPE_PREFIX)
      ? { error: rendered.code, message: rendered.message, details: rendered.details }
      : { error: { code: rendered.code, message: rendered.message, details: rendered.details } };
    adapter.reply(http.getResponse(), body, rendered.status);
  }

  private render(exception: unknown, requestId: string, route: string): RenderedError {
    if (exception instanceof DomainError) {
      return { status: exception.status, code: exception.code, message: exception.message, details: exception.details };
    }
    if (exception instanceof HttpException && isDeliberate(exception.getStatus())) {
      return this.renderHttpException(exception);
    }
    this.logger.error(
      `${route} failed (request ${requestId})`,
      exception instanceof Error ? exception.stack : String(exception),
    );
    return { ...INTERNAL_ERROR, details: { requestId } };
  }

  /**
   * Errors raised by Nest, Express or Terminus themselves: unknown routes, unparsable or oversized
   * bodies, and a failed readiness check (whose per-dependency report becomes the details).
   */
  private renderHttpException(exception: HttpException): RenderedError {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    if (status === 503) {
      return { status, code, message: 'A dependency is unavailable', details: exception.getResponse() as Record<string, unknown> };
    }
    if (status === 400) {
      return { status, code, message: 'The request body is not valid JSON', details: { fields: [{ field: 'body', message: exception.message }] } };
    }
    if (status === 404) {
      return { status, code, message: 'No such route', details: {} };
    }
    return { status, code, message: exception.message, details: {} };
  }
}
