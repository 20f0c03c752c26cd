import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { QueryFailedError } from 'typeorm';
import { PayloadTooLargeError, UnsupportedBodyError, ValidationError } from '../errors/common.errors';
import { DomainError } from '../errors/domain-error';
import { INTERNAL_ERROR } from '../errors/internal-error';
import { REQUEST_ID_HEADER } from '../request-id.hook';
import { EnvironmentVariables } from '../../config/environment-variables';
import { DatabaseUnavailableError } from '../../database/connection/database-unavailable.error';
import { isDatabaseUnavailable, isStatementTimeout } from '../../database/postgres-errors';
import { StatementTimeoutError } from '../../database/tenant-shares/database-shares.errors';

interface RenderedError {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** Family B (`/api/...`, matched case-insensitively like every route) answers with a flat envelope. */
const FLAT_ENVELOPE_PREFIX = '/api/';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
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

/**
 * Failures a client causes below our code: a body its client abandoned (`aborted`, a reset), a
 * Content-Length the body did not match, a request cut off by REQUEST_TIMEOUT_MS. They are the
 * client's, so they are answered as refusals (when the connection still stands) and logged at warn
 * without a stack: an unauthenticated client must not be able to fill the error log.
 */
const isClientFault = (error: unknown): error is Error & { code?: string; statusCode?: number } => {
  if (!(error instanceof Error) || error instanceof HttpException) return false;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  return (
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    error.message === 'aborted' ||
    (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
  );
};

/** Refusals of the HTTP layer (Fastify's, raised as HttpExceptions) that have an error of ours. */
const HTTP_REFUSALS: Record<number, () => DomainError> = {
  413: () => new PayloadTooLargeError(),
  415: () => new UnsupportedBodyError(),
};

/** The body of an error in the envelope of the path's family (DECISIONS §4). */
export function errorEnvelope(
  path: string,
  { code, message, details }: Pick<RenderedError, 'code' | 'message' | 'details'>,
): Record<string, unknown> {
  return path.toLowerCase().startsWith(FLAT_ENVELOPE_PREFIX) ? { error: code, message, details } : { error: { code, message, details } };
}

/** The one place where any failure becomes a response body. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: EnvironmentVariables,
  ) {}

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
    adapter.reply(http.getResponse(), errorEnvelope(path, rendered), rendered.status);
  }

  private render(exception: unknown, requestId: string, route: string): RenderedError {
    const domainError = this.asDomainError(exception, requestId);
    if (domainError) {
      return { status: domainError.status, code: domainError.code, message: domainError.message, details: domainError.details };
    }
    if (exception instanceof HttpException && isDeliberate(exception.getStatus())) {
      return this.renderHttpException(exception);
    }
    if (isClientFault(exception)) {
      this.logger.warn({ msg: `${route} refused (request ${requestId}): ${exception.message}`, requestId });
      return {
        status: exception.statusCode ?? 400,
        code: 'VALIDATION_ERROR',
        message: 'The request could not be read',
        details: { fields: [{ field: 'body', message: exception.message }] },
      };
    }
    const stack = exception instanceof Error ? exception.stack : String(exception);
    this.logger.error({ msg: `${route} failed (request ${requestId})`, requestId }, stack);
    return { ...INTERNAL_ERROR, details: { requestId } };
  }

  /** The request's id goes on the lines logged here as a field, as on its access line (json-logger.ts). */
  private asDomainError(exception: unknown, requestId: string): DomainError | null {
    if (exception instanceof DomainError) return exception;
    if (isStatementTimeout(exception)) return new StatementTimeoutError(this.config.DATABASE_STATEMENT_TIMEOUT_MS);
    // Before the client's faults: a reset of the database's socket is no fault of the client's.
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ msg: `Answered 503: the database could not serve the request (${(exception as Error).message})`, requestId });
      return new DatabaseUnavailableError();
    }
    if (isDataException(exception)) {
      this.logger.warn({ msg: `Refused input Postgres cannot hold: ${(exception as QueryFailedError).message}`, requestId });
      return new ValidationError([
        { field: 'request', message: 'A value contains characters or numbers the store cannot hold (e.g. a NUL character)' },
      ]);
    }
    if (exception instanceof HttpException) return HTTP_REFUSALS[exception.getStatus()]?.() ?? null;
    return null;
  }

  /**
   * Errors raised by Nest or Terminus themselves: unknown routes and a failed readiness check (whose
   * per-dependency report becomes the details).
   */
  private renderHttpException(exception: HttpException): RenderedError {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    if (status === 503) {
      return { status, code, message: 'A dependency is unavailable', details: exception.getResponse() as Record<string, unknown> };
    }
    if (status === 404) return { status, code, message: 'No such route', details: {} };
    return { status, code, message: exception.message, details: {} };
  }
}
