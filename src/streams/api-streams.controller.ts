import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JwtAuth, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiFlatErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { AppendToStreamCommand } from './commands/append-to-stream.command';
import { ApiAppendToStreamDto } from './dto/api-append-to-stream.dto';
import { ApiAppendToStreamResponseDto } from './dto/append-to-stream.response.dto';
import { ApiReadStreamResponseDto } from './dto/read.response.dto';
import { ApiReadStreamParamsDto } from './dto/read-stream-params.dto';
import { ApiStreamParamsDto } from './dto/stream-params.dto';
import { ApiIdempotencyKey, REPLAYED_RESPONSE_HEADERS } from './idempotency/api-idempotency.decorators';
import { Idempotency, IdempotencyRequest } from './idempotency/idempotency-request.decorator';
import { MarkReplay, ReplayMarker } from './idempotency/replay-marker.decorator';
import { ReadStreamQuery } from './queries/read-stream.query';

/** Family B: the same append and read as family A, by store name, behind a JWT. */
@ApiTags('Streams (family B, JWT)')
@JwtAuth()
@Controller('api/event-stores/:eventStoreName/streams/:streamId/events')
export class ApiStreamsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @RequireScope('write')
  @ApiOperation({ operationId: 'appendToStreamWithToken', summary: 'Append events to a stream' })
  @ApiIdempotencyKey()
  @ApiCreatedResponse({ type: ApiAppendToStreamResponseDto, headers: REPLAYED_RESPONSE_HEADERS })
  @ApiFlatErrorResponses([400, 401, 403, 404, 409, 413], {
    409: 'VERSION_CONFLICT, STREAM_SIZE_EXCEEDED or IDEMPOTENCY_CONFLICT',
  })
  async append(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ApiStreamParamsDto,
    @Body() body: ApiAppendToStreamDto,
    @MarkReplay() markReplay: ReplayMarker,
    @Idempotency() idempotency?: IdempotencyRequest,
  ): Promise<ApiAppendToStreamResponseDto> {
    const command = new AppendToStreamCommand(principal.tenantId, params.eventStoreName, params.streamId, body.events, body.effectiveExpectedVersion, idempotency);
    const outcome = await this.commandBus.execute(command);
    markReplay(outcome.replayed);
    return ApiAppendToStreamResponseDto.from(outcome.result);
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ operationId: 'readStreamWithToken', summary: 'Read a stream forward from `from` (inclusive) to `to` (exclusive)' })
  @ApiOkResponse({ type: ApiReadStreamResponseDto })
  @ApiFlatErrorResponses([400, 401, 403, 404], { 404: 'NOT_FOUND: no such store; STREAM_NOT_FOUND: nothing was ever appended to the stream' })
  async read(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ApiStreamParamsDto,
    @Query() query: ApiReadStreamParamsDto,
  ): Promise<ApiReadStreamResponseDto> {
    const range = { direction: 'forward' as const, limit: query.maxCount, from: query.from, to: query.to === undefined ? undefined : query.to - 1 };
    const page = await this.queryBus.execute(new ReadStreamQuery(principal.tenantId, params.eventStoreName, params.streamId, range));
    return { streamId: page.streamId, events: page.events, currentStreamVersion: page.streamVersion, hasMore: page.hasMore };
  }
}
