import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { MinGlobalPosition } from '../common/decorators/min-global-position.decorator';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { ApiIdempotencyKey, REPLAYED_RESPONSE_HEADERS } from '../event-log/idempotency/api-idempotency.decorators';
import { Idempotency, IdempotencyRequest } from '../event-log/idempotency/idempotency-request.decorator';
import { MarkReplay, ReplayMarker } from '../event-log/idempotency/replay-marker.decorator';
import { AppendDcbEventsCommand } from './commands/append-dcb-events.command';
import { AppendDcbEventsDto } from './dto/append-dcb-events.dto';
import { AppendConditionFailedResponseDto, AppendDcbEventsResponseDto, ReadDcbEventsResponseDto } from './dto/dcb.response.dto';
import { ReadDcbEventsDto } from './dto/read-dcb-events.dto';
import { ReadDcbEventsQuery } from './queries/read-dcb-events.query';

/** Dynamic Consistency Boundary: streamless, tagged appends with conditions, and reads by tag query. */
@ApiTags('Dynamic Consistency Boundary')
@RequireApiKey()
@ApiParam(EVENT_STORE_REF_PARAM)
@Controller('event-stores/:eventStoreId')
export class DcbController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('events')
  @HttpCode(200)
  @RequireScope('write')
  @ApiOperation({
    operationId: 'appendEvents',
    summary: 'Append events without a stream, optionally only if no event matching a query appeared after a position',
    description:
      'Read with POST …/query, decide, then append with `condition: { failIfEventsMatch: <the same query>, after: <its lastPosition> }`.',
  })
  @ApiIdempotencyKey()
  @ApiOkResponse({ type: AppendDcbEventsResponseDto, headers: REPLAYED_RESPONSE_HEADERS })
  @ApiExtraModels(AppendConditionFailedResponseDto, ErrorResponseDto)
  @ApiConflictResponse({
    description:
      'APPEND_CONDITION_FAILED in its own body; IDEMPOTENCY_CONFLICT and ALREADY_PROCESSED (`consumer` already processed that position) in the error envelope',
    schema: { oneOf: [{ $ref: getSchemaPath(AppendConditionFailedResponseDto) }, { $ref: getSchemaPath(ErrorResponseDto) }] },
  })
  @ApiErrorResponses([400, 401, 403, 404, 413], {
    404: 'NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store',
  })
  async append(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') eventStoreRef: string,
    @Body() body: AppendDcbEventsDto,
    @MarkReplay() markReplay: ReplayMarker,
    @Idempotency() idempotency?: IdempotencyRequest,
  ): Promise<AppendDcbEventsResponseDto> {
    const outcome = await this.commandBus.execute(
      new AppendDcbEventsCommand(principal.tenantId, eventStoreRef, body.events, body.condition, idempotency, body.consumer),
    );
    markReplay(outcome.replayed);
    return { lastPosition: outcome.result.lastPosition };
  }

  @Post('query')
  @HttpCode(200)
  @RequireScope('read')
  @ApiOperation({ operationId: 'queryEvents', summary: 'Read the events matching a query of types and tags, after a position' })
  @ApiOkResponse({ type: ReadDcbEventsResponseDto })
  @ApiErrorResponses([400, 401, 403, 404, 413])
  read(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') eventStoreRef: string,
    @Body() body: ReadDcbEventsDto,
    @MinGlobalPosition() minPosition: number,
  ): Promise<ReadDcbEventsResponseDto> {
    return this.queryBus.execute(
      new ReadDcbEventsQuery(principal.tenantId, eventStoreRef, body.query?.items ?? [], body.after, body.limit, minPosition),
    );
  }
}
