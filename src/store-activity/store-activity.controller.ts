import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { StoreActivityResponseDto } from './dto/store-activity.response.dto';
import { GetStoreActivityQuery } from './queries/get-store-activity.query';

/** Family A: how busy a store is, minute by minute (the web console's chart). */
@ApiTags('Event stores')
@RequireApiKey()
@Controller('event-stores/:eventStoreId/activity')
export class StoreActivityController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({
    operationId: 'getEventStoreActivity',
    summary: 'Events appended per minute over the last hour, and the newest position',
    description:
      'Counts the events appended in each UTC minute, by the database clock, as the appends commit: reading it costs the same ' +
      'whatever the store holds. Events deleted by retention since stay counted in the minute they were appended in.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: StoreActivityResponseDto })
  @ApiErrorResponses([401, 403, 404])
  async get(@CurrentPrincipal() principal: Principal, @Param('eventStoreId') ref: string): Promise<StoreActivityResponseDto> {
    return StoreActivityResponseDto.from(await this.queryBus.execute(new GetStoreActivityQuery(principal.tenantId, ref)));
  }
}
