import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireAccessToken, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { MinGlobalPosition } from '../common/decorators/min-global-position.decorator';
import { ApiFlatErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { AppendToStreamCommand } from './commands/append-to-stream.command';
import { JwtAppendToStreamDto } from './dto/jwt-append-to-stream.dto';
import { JwtAppendToStreamResponseDto } from './dto/append-to-stream.response.dto';
import { JwtReadStreamResponseDto } from './dto/read.response.dto';
import { JwtReadStreamParamsDto } from './dto/read-stream-params.dto';
import { JwtStreamParamsDto } from './dto/stream-params.dto';
import { ApiIdempotencyKey, REPLAYED_RESPONSE_HEADERS } from '../event-log/idempotency/api-idempotency.decorators';
import { Idempotency, IdempotencyRequest } from '../event-log/idempotency/idempotency-request.decorator';
import { MarkReplay, ReplayMarker } from '../event-log/idempotency/replay-marker.decorator';
import { ReadStreamQuery } from './queries/read-stream.query';

/** Family B: the same append and read as family A, by store name, behind a JWT. */
@ApiTags('Streams (/api paths, JWT)')
@RequireAccessToken()
@Controller('api/event-stores/:eventStoreName/streams/:streamId/events')
export class JwtStreamsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @RequireScope('write')
  @ApiOperation({ operationId: 'appendToStreamWithToken', summary: 'Append events to a stream' })
  @ApiIdempotencyKey()
  @ApiCreatedResponse({ type: JwtAppendToStreamResponseDto, headers: REPLAYED_RESPONSE_HEADERS })
  @ApiFlatErrorResponses([400, 401, 403, 404, 409, 413], {
    404: 'NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store',
    409: 'VERSION_CONFLICT, STREAM_SIZE_EXCEEDED, IDEMPOTENCY_CONFLICT or ALREADY_PROCESSED (`consumer` already processed that position)',
  })
  async append(
    @CurrentPrincipal() principal: Principal,
    @Param() params: JwtStreamParamsDto,
    @Body() body: JwtAppendToStreamDto,
    @MarkReplay() markReplay: ReplayMarker,
    @Idempotency() idempotency?: IdempotencyRequest,
  ): Promise<JwtAppendToStreamResponseDto> {
    const command = new AppendToStreamCommand(
      principal.tenantId,
      params.eventStoreName,
      params.streamId,
      body.events,
      body.effectiveExpectedVersion,
      idempotency,
      body.consumer,
    );
    const outcome = await this.commandBus.execute(command);
    markReplay(outcome.replayed);
    return JwtAppendToStreamResponseDto.from(outcome.result);
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ operationId: 'readStreamWithToken', summary: 'Read a stream forward from `from` (inclusive) to `to` (exclusive)' })
  @ApiOkResponse({ type: JwtReadStreamResponseDto })
  @ApiFlatErrorResponses([400, 401, 403, 404], {
    404: 'NOT_FOUND: no such store; STREAM_NOT_FOUND: nothing was ever appended to the stream',
  })
  async read(
    @CurrentPrincipal() principal: Principal,
    @Param() params: JwtStreamParamsDto,
    @Query() query: JwtReadStreamParamsDto,
    @MinGlobalPosition() minPosition: number,
  ): Promise<JwtReadStreamResponseDto> {
    const range = {
      direction: 'forward' as const,
      limit: query.maxCount,
      from: query.from,
      to: query.to === undefined ? undefined : query.to - 1,
    };
    const page = await this.queryBus.execute(
      new ReadStreamQuery(principal.tenantId, params.eventStoreName, params.streamId, range, minPosition),
    );
    return { streamId: page.streamId, events: page.events, currentStreamVersion: page.streamVersion, hasMore: page.hasMore };
  }
}
