import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { MinGlobalPosition } from '../common/decorators/min-global-position.decorator';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { parseEventFilter } from '../common/event-filter';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { AppendToStreamCommand } from './commands/append-to-stream.command';
import { AppendToStreamDto } from './dto/append-to-stream.dto';
import { AppendToStreamResponseDto } from './dto/append-to-stream.response.dto';
import { ListStreamsParamsDto } from './dto/list-streams-params.dto';
import { ListStreamsResponseDto, ReadEventsResponseDto, ReadStreamResponseDto } from './dto/read.response.dto';
import { ReadEventsParamsDto } from './dto/read-events-params.dto';
import { ReadStreamParamsDto } from './dto/read-stream-params.dto';
import { StreamParamsDto } from './dto/stream-params.dto';
import { ApiIdempotencyKey, REPLAYED_RESPONSE_HEADERS } from '../event-log/idempotency/api-idempotency.decorators';
import { Idempotency, IdempotencyRequest } from '../event-log/idempotency/idempotency-request.decorator';
import { MarkReplay, ReplayMarker } from '../event-log/idempotency/replay-marker.decorator';
import { ListStreamsQuery } from './queries/list-streams.query';
import { ReadEventsQuery } from './queries/read-events.query';
import { ReadStreamQuery } from './queries/read-stream.query';

const APPEND_CONFLICTS =
  'VERSION_CONFLICT: the stream is not at `expectedStreamVersion` (`details.currentVersion`); ' +
  'STREAM_SIZE_EXCEEDED: the append would pass `maxStreamSizeBytes`; IDEMPOTENCY_CONFLICT: the key was used for another request; ' +
  'ALREADY_PROCESSED: `consumer` already processed that position (nothing written)';

/** Family A: streams and events of a store addressed by id (or name), with an API key. */
@ApiTags('Streams and events')
@RequireApiKey()
@Controller('event-stores/:eventStoreId')
export class StreamsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('streams/:streamId')
  @HttpCode(200)
  @RequireScope('write')
  @ApiOperation({
    operationId: 'appendToStream',
    summary: 'Append events to a stream',
    description: 'All events or none; positions are gap-free and in commit order.',
  })
  @ApiIdempotencyKey()
  @ApiOkResponse({ type: AppendToStreamResponseDto, headers: REPLAYED_RESPONSE_HEADERS })
  @ApiErrorResponses([400, 401, 403, 404, 409, 413], {
    409: APPEND_CONFLICTS,
    404: 'NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store',
  })
  async append(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StreamParamsDto,
    @Body() body: AppendToStreamDto,
    @MarkReplay() markReplay: ReplayMarker,
    @Idempotency() idempotency?: IdempotencyRequest,
  ): Promise<AppendToStreamResponseDto> {
    const command = new AppendToStreamCommand(
      principal.tenantId,
      params.eventStoreId,
      params.streamId,
      body.events,
      body.expectedStreamVersion,
      idempotency,
      body.consumer,
    );
    const outcome = await this.commandBus.execute(command);
    markReplay(outcome.replayed);
    return AppendToStreamResponseDto.from(outcome.result);
  }

  @Get('streams/:streamId')
  @RequireScope('read')
  @ApiOperation({ operationId: 'readStream', summary: 'Read a stream, forward or backward, a page at a time' })
  @ApiOkResponse({ type: ReadStreamResponseDto })
  @ApiErrorResponses([400, 401, 403, 404], { 404: 'NOT_FOUND: no such store; STREAM_NOT_FOUND: nothing was ever appended to the stream' })
  read(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StreamParamsDto,
    @Query() query: ReadStreamParamsDto,
    @MinGlobalPosition() minPosition: number,
  ): Promise<ReadStreamResponseDto> {
    const range = { direction: query.direction, limit: query.limit, from: query.fromStreamPosition, to: query.toStreamPosition };
    return this.queryBus.execute(new ReadStreamQuery(principal.tenantId, params.eventStoreId, params.streamId, range, minPosition));
  }

  @Get('streams')
  @RequireScope('read')
  @ApiOperation({
    operationId: 'listStreams',
    summary: "List the store's streams, oldest first or last appended to first",
    description: '`filter` finds streams by a part of their id; `streamType` and `hasEvents` narrow the list further.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: ListStreamsResponseDto })
  @ApiErrorResponses([400, 401, 403, 404])
  async listStreams(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') eventStoreRef: string,
    @Query() query: ListStreamsParamsDto,
    @MinGlobalPosition() minPosition: number,
  ): Promise<ListStreamsResponseDto> {
    const page = await this.queryBus.execute(new ListStreamsQuery(principal.tenantId, eventStoreRef, query, minPosition));
    return ListStreamsResponseDto.from(page, query);
  }

  @Get('events')
  @RequireScope('read')
  @ApiOperation({
    operationId: 'readEvents',
    summary: 'Read events across the whole store in global order, filtered by type, stream and time',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: ReadEventsResponseDto })
  @ApiErrorResponses([400, 401, 403, 404])
  readEvents(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') eventStoreRef: string,
    @Query() query: ReadEventsParamsDto,
    @MinGlobalPosition() minPosition: number,
  ): Promise<ReadEventsResponseDto> {
    const types = query.types?.map((pattern) => parseEventFilter(pattern)!);
    return this.queryBus.execute(new ReadEventsQuery(principal.tenantId, eventStoreRef, { ...query, types }, minPosition));
  }
}
