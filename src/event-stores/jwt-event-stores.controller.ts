import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireAccessToken, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiFlatErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { CreateEventStoreCommand } from './commands/create-event-store.command';
import { DeleteEventStoreCommand } from './commands/delete-event-store.command';
import { CreateEventStoreDto } from './dto/create-event-store.dto';
import { EventStoreDetailsResponseDto, EventStoreListResponseDto, EventStoreResponseDto } from './dto/event-store.response.dto';
import { ListEventStoresParamsDto } from './dto/list-event-stores-params.dto';
import { GetEventStoreQuery } from './queries/get-event-store.query';
import { ListEventStoresQuery } from './queries/list-event-stores.query';

const EVENT_STORE_NAME_PARAM = { name: 'eventStoreName', description: "The store's name (its id is accepted too)" };

/** Family B: the same commands and queries as family A, behind a JWT and the flat error envelope. */
@ApiTags('Event stores (/api paths, JWT)')
@RequireAccessToken()
@Controller('api/event-stores')
export class JwtEventStoresController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @RequireScope('admin')
  @ApiOperation({ operationId: 'createEventStoreWithToken', summary: 'Create an event store for the authenticated tenant' })
  @ApiCreatedResponse({ type: EventStoreResponseDto })
  @ApiFlatErrorResponses([400, 401, 403, 409, 413], { 409: 'EVENT_STORE_ALREADY_EXISTS: the tenant has a store of that name' })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateEventStoreDto): Promise<EventStoreResponseDto> {
    return EventStoreResponseDto.from(
      await this.commandBus.execute(new CreateEventStoreCommand(principal.tenantId, body.toNewEventStore())),
    );
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ operationId: 'listEventStoresWithToken', summary: "List the authenticated tenant's event stores, oldest first" })
  @ApiOkResponse({ type: EventStoreListResponseDto })
  @ApiFlatErrorResponses([400, 401, 403])
  async list(@CurrentPrincipal() principal: Principal, @Query() params: ListEventStoresParamsDto): Promise<EventStoreListResponseDto> {
    const page = await this.queryBus.execute(new ListEventStoresQuery(principal.tenantId, params.limit, params.offset, params.filter));
    return EventStoreListResponseDto.from(page, params);
  }

  @Get(':eventStoreName')
  @RequireScope('read')
  @ApiOperation({ operationId: 'getEventStoreWithToken', summary: 'Get an event store with its settings and statistics' })
  @ApiParam(EVENT_STORE_NAME_PARAM)
  @ApiOkResponse({ type: EventStoreDetailsResponseDto })
  @ApiFlatErrorResponses([401, 403, 404])
  async get(@CurrentPrincipal() principal: Principal, @Param('eventStoreName') name: string): Promise<EventStoreDetailsResponseDto> {
    return EventStoreDetailsResponseDto.from(await this.queryBus.execute(new GetEventStoreQuery(principal.tenantId, name)));
  }

  @Delete(':eventStoreName')
  @HttpCode(204)
  @RequireScope('admin')
  @ApiOperation({ operationId: 'deleteEventStoreWithToken', summary: 'Delete an event store with all its events and subscriptions' })
  @ApiParam(EVENT_STORE_NAME_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiFlatErrorResponses([401, 403, 404])
  async delete(@CurrentPrincipal() principal: Principal, @Param('eventStoreName') name: string): Promise<void> {
    await this.commandBus.execute(new DeleteEventStoreCommand(principal.tenantId, name));
  }
}
