import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { QueryFailedError } from 'typeorm';
import { PayloadTooLargeError, ValidationError } from '../errors/common.errors';
import { DomainError } from '../errors/domain-error';
import { INTERNAL_ERROR } from '../errors/internal-error';
import { REQUEST_ID_HEADER } from '../request-id.middleware';

interface RenderedError {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** Family B (`/api/...`, matched as case-insensitively as Express routes) answers with a flat envelope. */
const FLAT_ENVELOPE_PREFIX = '/api/';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  415: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Statuses that Nest or a library raise on purpose; any other 5xx is a failure we did not expect. */
const isDeliberate = (status: number) => status < 500 || status === 503;

/**
 * Postgres data exceptions that only client input can cause once our validators have passed it: a NUL
 * or untranslatable character in text (22021, 22P05), a number past bigint (22003), an unreadable
 * literal (22P02). Anything else from Postgres is our bug and stays a 500.
 */
const CLIENT_DATA_EXCEPTIONS = new Set(['22021', '22P05', '22003', '22P02']);
const isDataException = (error: unknown) =>
  error instanceof QueryFailedError && CLIENT_DATA_EXCEPTIONS.has(String((error.driverError as { code?: string }).code));

/** The one place where any failure becomes a response body. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const adapter = this.adapterHost.httpAdapter;
    const request = http.getRequest();
    // The query string may carry credentials (a WebSocket's apiKey); it is never logged.
    const path = String(adapter.getRequestUrl(request)).split('?')[0];
    const requestId = String(request.headers?.[REQUEST_ID_HEADER] ?? 'none');
    if (exception instanceof DomainError) {
      for (const [name, value] of Object.entries(exception.headers())) adapter.setHeader(http.getResponse(), name, value);
    }
    const ownBody = exception instanceof DomainError ? exception.ownBody() : null;
    if (ownBody) return adapter.reply(http.getResponse(), ownBody, (exception as DomainError).status);
    const rendered = this.render(exception, requestId, `${adapter.getRequestMethod(request)} ${path}`);
    const body = path.toLowerCase().startsWith(FLAT_ENVELOPE_PREFIX)
      ? { error: rendered.code, message: rendered.message, details: rendered.details }
      : { error: { code: rendered.code, message: rendered.message, details: rendered.details } };
    adapter.reply(http.getResponse(), body, rendered.status);
  }

  private render(exception: unknown, requestId: string, route: string): RenderedError {
    const domainError = this.asDomainError(exception);
    if (domainError) {
      return { status: domainError.status, code: domainError.code, message: domainError.message, details: domainError.details };
    }
    if (exception instanceof HttpException && isDeliberate(exception.getStatus())) {
      return this.renderHttpException(exception);
    }
    this.logger.error(`${route} failed (request ${requestId})`, exception instanceof Error ? exception.stack : String(exception));
    return { ...INTERNAL_ERROR, details: { requestId } };
  }

  private asDomainError(exception: unknown): DomainError | null {
    if (exception instanceof DomainError) return exception;
    if (isDataException(exception)) {
      this.logger.warn(`Refused input Postgres cannot hold: ${(exception as QueryFailedError).message}`);
      return new ValidationError([{ field: 'request', message: 'A value contains characters or numbers the store cannot hold (e.g. a NUL character)' }]);
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) return new PayloadTooLargeError();
    return null;
  }

  /**
   * Errors raised by Nest, Express or Terminus themselves: unknown routes, unreadable requests and a
   * failed readiness check (whose per-dependency report becomes the details). Messages are fixed,
   * because a parser's own message quotes the body it could not read.
   */
  private renderHttpException(exception: HttpException): RenderedError {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    if (status === 503) {
      return { status, code, message: 'A dependency is unavailable', details: exception.getResponse() as Record<string, unknown> };
    }
    if (status === 404) return { status, code, message: 'No such route', details: {} };
    if (status === 415) return { status, code, message: 'The body must be JSON in UTF-8', details: { fields: [{ field: 'body', message: 'unsupported content encoding' }] } };
    if (exception.cause instanceof SyntaxError) {
      return { status, code, message: 'The request body is not valid JSON', details: { fields: [{ field: 'body', message: 'not valid JSON' }] } };
    }
    if (exception.cause instanceof URIError) {
      return { status, code, message: 'The request path is not validly percent-encoded', details: { fields: [{ field: 'path', message: 'invalid percent-encoding' }] } };
    }
    return { status, code, message: exception.message, details: {} };
  }
}
