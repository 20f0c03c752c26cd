import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { CreateEventStoreCommand } from './commands/create-event-store.command';
import { DeleteEventStoreCommand } from './commands/delete-event-store.command';
import { CreateEventStoreDto } from './dto/create-event-store.dto';
import { EventStoreDetailsResponseDto, EventStoreListResponseDto, EventStoreResponseDto } from './dto/event-store.response.dto';
import { ListEventStoresParamsDto } from './dto/list-event-stores-params.dto';
import { EVENT_STORE_REF_PARAM } from './event-store-ref.param';
import { GetEventStoreQuery } from './queries/get-event-store.query';
import { ListEventStoresQuery } from './queries/list-event-stores.query';

/** Family A: event stores addressed by id (or name), authenticated with an API key. */
@ApiTags('Event stores')
@RequireApiKey()
@Controller('event-stores')
export class EventStoresController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @RequireScope('admin')
  @ApiOperation({ operationId: 'createEventStore', summary: 'Create an event store' })
  @ApiCreatedResponse({ type: EventStoreResponseDto })
  @ApiErrorResponses([400, 401, 403, 409, 413], { 409: 'EVENT_STORE_ALREADY_EXISTS: the tenant has a store of that name' })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateEventStoreDto): Promise<EventStoreResponseDto> {
    return EventStoreResponseDto.from(
      await this.commandBus.execute(new CreateEventStoreCommand(principal.tenantId, body.toNewEventStore())),
    );
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ operationId: 'listEventStores', summary: "List the tenant's event stores, oldest first" })
  @ApiOkResponse({ type: EventStoreListResponseDto })
  @ApiErrorResponses([400, 401, 403])
  async list(@CurrentPrincipal() principal: Principal, @Query() params: ListEventStoresParamsDto): Promise<EventStoreListResponseDto> {
    const page = await this.queryBus.execute(new ListEventStoresQuery(principal.tenantId, params.limit, params.offset, params.filter));
    return EventStoreListResponseDto.from(page, params);
  }

  @Get(':eventStoreId')
  @RequireScope('read')
  @ApiOperation({ operationId: 'getEventStore', summary: 'Get an event store with its settings and statistics' })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: EventStoreDetailsResponseDto })
  @ApiErrorResponses([401, 403, 404])
  async get(@CurrentPrincipal() principal: Principal, @Param('eventStoreId') ref: string): Promise<EventStoreDetailsResponseDto> {
    return EventStoreDetailsResponseDto.from(await this.queryBus.execute(new GetEventStoreQuery(principal.tenantId, ref)));
  }

  @Delete(':eventStoreId')
  @HttpCode(204)
  @RequireScope('admin')
  @ApiOperation({ operationId: 'deleteEventStore', summary: 'Delete an event store with all its events and subscriptions' })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrorResponses([401, 403, 404])
  async delete(@CurrentPrincipal() principal: Principal, @Param('eventStoreId') ref: string): Promise<void> {
    await this.commandBus.execute(new DeleteEventStoreCommand(principal.tenantId, ref));
  }
}
