import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiParamOptions,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AcceptQueryCredential, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { ValidationError } from '../common/errors/common.errors';
import { AckConsumerEventsCommand } from './commands/ack-consumer-events.command';
import { CreateConsumerCommand } from './commands/create-consumer.command';
import { DeleteConsumerCommand } from './commands/delete-consumer.command';
import { MoveCheckpointCommand } from './commands/move-checkpoint.command';
import { SettleParkedEventCommand } from './commands/settle-parked-event.command';
import { CONSUMER_DOCS, CONSUMER_NAME_PARAM, PARKED_POSITION_PARAM } from './consumer.docs';
import { AckConsumerEventsDto, ConsumerEventsParamsDto, ListConsumersParamsDto, MoveCheckpointDto } from './dto/consumer-requests.dto';
import {
  AckResponseDto,
  ConsumerListResponseDto,
  ConsumerResponseDto,
  ParkedEventListResponseDto,
  ParkedEventResponseDto,
} from './dto/consumer.response.dto';
import { CreateConsumerDto } from './dto/create-consumer.dto';
import { GetConsumerQuery } from './queries/get-consumer.query';
import { ListConsumersQuery } from './queries/list-consumers.query';
import { ListParkedEventsQuery } from './queries/list-parked-events.query';
import { ConsumerEventStreams } from './sse/consumer-event-streams';

/** How one path family serves consumers: its prefix, credential, error envelope and operation ids. */
export interface ConsumerRoutesFamily {
  tag: string;
  path: string;
  storeParam: ApiParamOptions & { name: string };
  authenticate: () => ClassDecorator & MethodDecorator;
  errors: typeof ApiErrorResponses;
  /** Appended to every operationId (family B's end in `WithToken`). */
  operationSuffix: string;
  /** The query parameter an EventSource may send its credential in. */
  queryCredential: 'apiKey' | 'accessToken';
}

/**
 * The consumer endpoints for one path family. Both families are the same commands and queries
 * (DECISIONS §1); building both controllers from one definition keeps them from drifting apart.
 */
export function consumerRoutes(family: ConsumerRoutesFamily) {
  const StoreRef = () => Param(family.storeParam.name);
  const operation = (id: string, docs: { summary: string; description?: string }) =>
    ApiOperation({ operationId: `${id}${family.operationSuffix}`, ...docs });
  const Errors = family.errors;

  @ApiTags(family.tag)
  @family.authenticate()
  @Controller(family.path)
  class ConsumerRoutes {
    constructor(
      private readonly commandBus: CommandBus,
      private readonly queryBus: QueryBus,
      private readonly eventStreams: ConsumerEventStreams,
    ) {}

    @Post()
    @RequireScope('admin')
    @operation('createConsumer', CONSUMER_DOCS.create)
    @ApiParam(family.storeParam)
    @ApiCreatedResponse({ type: ConsumerResponseDto })
    @Errors([400, 401, 403, 404, 409, 413], { 409: CONSUMER_DOCS.createConflict })
    async create(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Body() body: CreateConsumerDto,
    ): Promise<ConsumerResponseDto> {
      return ConsumerResponseDto.from(
        await this.commandBus.execute(new CreateConsumerCommand(principal.tenantId, ref, body.toNewConsumer())),
      );
    }

    @Get()
    @RequireScope('read')
    @operation('listConsumers', CONSUMER_DOCS.list)
    @ApiParam(family.storeParam)
    @ApiOkResponse({ type: ConsumerListResponseDto })
    @Errors([400, 401, 403, 404])
    async list(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Query() params: ListConsumersParamsDto,
    ): Promise<ConsumerListResponseDto> {
      const page = await this.queryBus.execute(new ListConsumersQuery(principal.tenantId, ref, params.limit, params.offset));
      return { items: page.items.map(ConsumerResponseDto.from), totalCount: page.totalCount, limit: params.limit, offset: params.offset };
    }

    @Get(':consumerName')
    @RequireScope('read')
    @operation('getConsumer', CONSUMER_DOCS.get)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiOkResponse({ type: ConsumerResponseDto })
    @Errors([401, 403, 404])
    async get(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
    ): Promise<ConsumerResponseDto> {
      return ConsumerResponseDto.from(await this.queryBus.execute(new GetConsumerQuery(principal.tenantId, ref, name)));
    }

    @Delete(':consumerName')
    @HttpCode(204)
    @RequireScope('admin')
    @operation('deleteConsumer', CONSUMER_DOCS.delete)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiNoContentResponse({ description: 'Deleted' })
    @Errors([401, 403, 404])
    async delete(@CurrentPrincipal() principal: Principal, @StoreRef() ref: string, @Param('consumerName') name: string): Promise<void> {
      await this.commandBus.execute(new DeleteConsumerCommand(principal.tenantId, ref, name));
    }

    @Put(':consumerName/checkpoint')
    @RequireScope('admin')
    @operation('moveConsumerCheckpoint', CONSUMER_DOCS.moveCheckpoint)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiOkResponse({ type: ConsumerResponseDto })
    @Errors([400, 401, 403, 404, 409], { 409: CONSUMER_DOCS.inUse })
    async moveCheckpoint(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
      @Body() body: MoveCheckpointDto,
    ): Promise<ConsumerResponseDto> {
      const command = new MoveCheckpointCommand(principal.tenantId, ref, name, body.position, body.force ?? false);
      return ConsumerResponseDto.from(await this.commandBus.execute(command));
    }

    @Get(':consumerName/parked')
    @RequireScope('read')
    @operation('listParkedEvents', CONSUMER_DOCS.listParked)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiOkResponse({ type: ParkedEventListResponseDto })
    @Errors([401, 403, 404])
    async parked(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
    ): Promise<ParkedEventListResponseDto> {
      const parked = await this.queryBus.execute(new ListParkedEventsQuery(principal.tenantId, ref, name));
      return { items: parked.map(ParkedEventResponseDto.from), totalCount: parked.length };
    }

    @Post(':consumerName/parked/:position/replay')
    @HttpCode(202)
    @RequireScope('admin')
    @operation('replayParkedEvent', CONSUMER_DOCS.replayParked)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiParam(PARKED_POSITION_PARAM)
    @ApiAcceptedResponse({ description: 'The event is pending again' })
    @Errors([400, 401, 403, 404])
    async replayParked(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
      @Param('position') position: string,
    ): Promise<void> {
      await this.commandBus.execute(new SettleParkedEventCommand(principal.tenantId, ref, name, parkedPosition(position), 'replay'));
    }

    @Delete(':consumerName/parked/:position')
    @HttpCode(204)
    @RequireScope('admin')
    @operation('skipParkedEvent', CONSUMER_DOCS.skipParked)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiParam(PARKED_POSITION_PARAM)
    @ApiNoContentResponse({ description: 'Skipped: done, as if acked' })
    @Errors([400, 401, 403, 404])
    async skipParked(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
      @Param('position') position: string,
    ): Promise<void> {
      await this.commandBus.execute(new SettleParkedEventCommand(principal.tenantId, ref, name, parkedPosition(position), 'skip'));
    }

    @Post(':consumerName/ack')
    @HttpCode(200)
    @RequireScope('read')
    @operation('ackConsumerEvents', CONSUMER_DOCS.ack)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiOkResponse({ type: AckResponseDto })
    @Errors([400, 401, 403, 404, 413])
    async ack(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
      @Body() body: AckConsumerEventsDto,
    ): Promise<AckResponseDto> {
      const selection = { positions: body.positions, upTo: body.upTo, clientId: body.clientId };
      return this.commandBus.execute(new AckConsumerEventsCommand(principal.tenantId, ref, name, selection));
    }

    @Get(':consumerName/events')
    @RequireScope('read')
    @AcceptQueryCredential(family.queryCredential)
    @operation('streamConsumerEvents', CONSUMER_DOCS.events)
    @ApiParam(family.storeParam)
    @ApiParam(CONSUMER_NAME_PARAM)
    @ApiProduces('text/event-stream')
    @ApiOkResponse(CONSUMER_DOCS.eventStreamResponse)
    @Errors([400, 401, 403, 404, 409, 503], { 409: CONSUMER_DOCS.clientLimit })
    async events(
      @CurrentPrincipal() principal: Principal,
      @StoreRef() ref: string,
      @Param('consumerName') name: string,
      @Query() params: ConsumerEventsParamsDto,
      @Headers('last-event-id') lastEventIdHeader: string | undefined,
      @Req() request: FastifyRequest,
      @Res() reply: FastifyReply,
    ): Promise<void> {
      await this.eventStreams.open({ principal, ref, name, params, lastEventIdHeader, request, reply });
    }
  }
  return ConsumerRoutes;
}

/** A parked event's position from the path: a whole number, else 400. */
function parkedPosition(raw: string): number {
  const position = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(position))
    throw new ValidationError([{ field: 'position', message: 'position must be a non-negative integer' }]);
  return position;
}
