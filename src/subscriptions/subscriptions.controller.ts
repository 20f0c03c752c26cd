import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { CreateSubscriptionCommand } from './commands/create-subscription.command';
import { DeleteSubscriptionCommand } from './commands/delete-subscription.command';
import { ReplayDeadLetterCommand } from './commands/replay-dead-letter.command';
import { ReplayDeadLettersCommand } from './commands/replay-dead-letters.command';
import { CreateSubscriptionDto } from './dto/create-subscription.dto';
import {
  DeadLetterListResponseDto,
  DeadLetterResponseDto,
  ReplayDeadLetterResponseDto,
  ReplayDeadLettersResponseDto,
} from './dto/dead-letter.response.dto';
import {
  ANY_SUBSCRIPTION_SCHEMA,
  AnySubscriptionResponseDto,
  CreateSubscriptionResponseDto,
  DeleteSubscriptionResponseDto,
  SubscriptionListResponseDto,
  SubscriptionResponseDto,
  WebSocketSubscriptionResponseDto,
} from './dto/subscription.response.dto';
import { GetSubscriptionQuery } from './queries/get-subscription.query';
import { ListDeadLettersQuery } from './queries/list-dead-letters.query';
import { ListSubscriptionsQuery } from './queries/list-subscriptions.query';

const SUBSCRIPTION_ID_PARAM = { name: 'subscriptionId', example: 'sub_5b1e9c0d2a3f4e5d6c7b8a90' };

/** Family A: webhook subscriptions and their dead letters, and the WebSocket ones of open sockets (admin scope, DECISIONS §6). */
@ApiTags('Subscriptions')
@RequireApiKey()
@RequireScope('admin')
@Controller('event-stores/:eventStoreId')
export class SubscriptionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('subscribe')
  @ApiOperation({
    operationId: 'createWebhookSubscription',
    summary: 'Subscribe a webhook to the events matching a filter',
    description:
      'Every matching event is POSTed to the URL, one at a time in global-position order, signed per Standard Webhooks. ' +
      'The same filter, url and headers (and secret, if given) as an existing subscription return it with 200.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiCreatedResponse({ type: CreateSubscriptionResponseDto, description: 'Created; `subscriberConfig.secret` is shown this once' })
  @ApiOkResponse({
    type: CreateSubscriptionResponseDto,
    description: 'An identical subscription already existed (`isExistingSubscription: true`)',
  })
  @ApiErrorResponses([400, 401, 403, 404, 413, 429], {
    400:
      'VALIDATION_ERROR: invalid input, an unsupported subscriberType, or a url that is not an allowed target (with private targets ' +
      'refused: a host that does not resolve, or resolves to a non-public address; the message does not say which)',
    429:
      'RATE_LIMITED: the store already has MAX_SUBSCRIPTIONS_PER_STORE webhook subscriptions (`details.limit: "subscriptions"`, ' +
      'with `eventStoreId` and `maxSubscriptions`; nothing written, delete one first; an identical existing subscription is still ' +
      'returned with 200), or the API key used up its requests of this minute (`details.limit: "requests"`, with `Retry-After`)',
  })
  async subscribe(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Body() body: CreateSubscriptionDto,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<CreateSubscriptionResponseDto> {
    const { subscription, created } = await this.commandBus.execute(
      new CreateSubscriptionCommand(principal.tenantId, ref, body.toNewSubscription()),
    );
    response.status(created ? 201 : 200);
    return CreateSubscriptionResponseDto.fromCreate(subscription, created);
  }

  @Get('subscriptions')
  @ApiOperation({
    operationId: 'listSubscriptions',
    summary: "List the store's subscriptions",
    description:
      'Webhook subscriptions oldest first, then the subscriptions of WebSockets open on any API instance (`subscriberType: "websocket"`).',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: SubscriptionListResponseDto })
  @ApiErrorResponses([401, 403, 404, 503], { 503: 'SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable' })
  async list(@CurrentPrincipal() principal: Principal, @Param('eventStoreId') ref: string): Promise<SubscriptionListResponseDto> {
    const { webhooks, websockets } = await this.queryBus.execute(new ListSubscriptionsQuery(principal.tenantId, ref));
    const subscriptions = [...webhooks.map(SubscriptionResponseDto.from), ...websockets.map(WebSocketSubscriptionResponseDto.from)];
    return { subscriptions, totalCount: subscriptions.length };
  }

  @Get('subscriptions/:subscriptionId')
  @ApiOperation({
    operationId: 'getSubscription',
    summary: 'Get a subscription: a webhook one with its delivery state, or one of an open WebSocket',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam(SUBSCRIPTION_ID_PARAM)
  @ApiOkResponse({ schema: ANY_SUBSCRIPTION_SCHEMA })
  @ApiErrorResponses([401, 403, 404, 503], { 503: 'SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('subscriptionId') subscriptionId: string,
  ): Promise<AnySubscriptionResponseDto> {
    const subscription = await this.queryBus.execute(new GetSubscriptionQuery(principal.tenantId, ref, subscriptionId));
    return subscription.subscriberType === 'websocket'
      ? WebSocketSubscriptionResponseDto.from(subscription)
      : SubscriptionResponseDto.from(subscription);
  }

  @Delete('subscriptions/:subscriptionId')
  @ApiOperation({
    operationId: 'deleteSubscription',
    summary: 'Delete a subscription; deliveries stop',
    description:
      "A webhook subscription's dead letters go with it; a WebSocket subscription ends on its socket, whose client gets `unsubscribed`.",
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam(SUBSCRIPTION_ID_PARAM)
  @ApiOkResponse({ type: DeleteSubscriptionResponseDto })
  @ApiErrorResponses([401, 403, 404, 503], { 503: 'SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable' })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('subscriptionId') subscriptionId: string,
  ): Promise<DeleteSubscriptionResponseDto> {
    await this.commandBus.execute(new DeleteSubscriptionCommand(principal.tenantId, ref, subscriptionId));
    return { success: true, message: `Subscription '${subscriptionId}' deleted` };
  }

  @Get('subscriptions/:subscriptionId/dead-letters')
  @ApiOperation({ operationId: 'listDeadLetters', summary: "List a subscription's dead letters in global-position order" })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam(SUBSCRIPTION_ID_PARAM)
  @ApiOkResponse({ type: DeadLetterListResponseDto })
  @ApiErrorResponses([401, 403, 404])
  async deadLetters(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('subscriptionId') subscriptionId: string,
  ): Promise<DeadLetterListResponseDto> {
    const deadLetters = await this.queryBus.execute(new ListDeadLettersQuery(principal.tenantId, ref, subscriptionId));
    return { deadLetters: deadLetters.map(DeadLetterResponseDto.from), totalCount: deadLetters.length };
  }

  @Post('subscriptions/:subscriptionId/dead-letters/replay')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'replayDeadLetters',
    summary: 'Deliver every dead letter of a subscription again',
    description:
      'Each takes its turn in the subscription’s one-at-a-time delivery, in global-position order, before its new events; ' +
      'one already waiting for its replay keeps its place. Delivered, each is removed.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam(SUBSCRIPTION_ID_PARAM)
  @ApiAcceptedResponse({ type: ReplayDeadLettersResponseDto })
  @ApiErrorResponses([401, 403, 404])
  async replayAll(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('subscriptionId') subscriptionId: string,
  ): Promise<ReplayDeadLettersResponseDto> {
    return { success: true, queued: await this.commandBus.execute(new ReplayDeadLettersCommand(principal.tenantId, ref, subscriptionId)) };
  }

  @Post('subscriptions/:subscriptionId/dead-letters/:deadLetterId/replay')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'replayDeadLetter',
    summary: 'Deliver a dead letter again',
    description:
      'It takes its turn in the subscription’s one-at-a-time delivery, with the same webhook-id and attempts from 1; delivered, it is removed.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam(SUBSCRIPTION_ID_PARAM)
  @ApiParam({ name: 'deadLetterId', example: 'dl_0a1b2c3d4e5f60718293a4b5' })
  @ApiAcceptedResponse({ type: ReplayDeadLetterResponseDto })
  @ApiErrorResponses([401, 403, 404])
  async replay(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('subscriptionId') subscriptionId: string,
    @Param('deadLetterId') deadLetterId: string,
  ): Promise<ReplayDeadLetterResponseDto> {
    await this.commandBus.execute(new ReplayDeadLetterCommand(principal.tenantId, ref, subscriptionId, deadLetterId));
    return { success: true };
  }
}
