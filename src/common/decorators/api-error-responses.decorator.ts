import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto, FlatErrorResponseDto } from '../dto/error-response.dto';

const DESCRIPTIONS: Record<number, string> = {
  400: 'VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field',
  401: 'UNAUTHORIZED: missing, invalid or revoked credentials',
  403: 'FORBIDDEN: the API key lacks the scope this operation needs',
  404: 'NOT_FOUND: the resource does not exist or belongs to another tenant',
  409: 'Conflict with the current state',
  413: 'PAYLOAD_TOO_LARGE: the body is larger than the limit',
  426: 'UPGRADE_REQUIRED: this path only serves WebSocket upgrades',
  429:
    'RATE_LIMITED: a limit was reached, named by `details.limit` (`requests`: of this API key per minute; `events`: of the ' +
    'store per minute; `pendingBodyBytes`: request bodies of your tenant in flight); retry after `Retry-After` seconds',
  500: 'INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs',
  501: 'This deployment does not support the operation',
  503: 'SERVICE_UNAVAILABLE: this instance is shutting down; try again',
};

type ErrorStatus = keyof typeof DESCRIPTIONS;
type Overrides = Partial<Record<ErrorStatus, string>>;

function errorResponses(type: typeof ErrorResponseDto | typeof FlatErrorResponseDto, statuses: ErrorStatus[], overrides: Overrides) {
  return applyDecorators(
    ...[...statuses, 500].map((status) => ApiResponse({ status, description: overrides[status] ?? DESCRIPTIONS[status], type })),
  );
}

/** Documents the error responses of a family A, DCB or admin endpoint (500 is always listed). */
export const ApiErrorResponses = (statuses: ErrorStatus[], overrides: Overrides = {}) =>
  errorResponses(ErrorResponseDto, statuses, overrides);

/** Documents the error responses of a family B endpoint, whose envelope is flat. */
export const ApiFlatErrorResponses = (statuses: ErrorStatus[], overrides: Overrides = {}) =>
  errorResponses(FlatErrorResponseDto, statuses, overrides);
