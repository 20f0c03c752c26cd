import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Principal } from '../../auth/principal';
import { endOnDrain } from '../../common/http-drain';
import { newId } from '../../common/ids';
import { EnvironmentVariables } from '../../config/environment-variables';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import type { ConsumerEventsParamsDto } from '../dto/consumer-requests.dto';
import { ConsumerDispatcher } from '../engine/consumer-dispatcher';
import { SseConsumerClient } from './sse-consumer-client';

export interface ConsumerEventStreamRequest {
  principal: Principal;
  ref: string;
  name: string;
  params: ConsumerEventsParamsDto;
  lastEventIdHeader: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

const LAST_EVENT_ID = /^\d{1,15}$/;

/**
 * `GET …/consumers/{name}/events`: attaches an SSE client to the consumer, then holds the response
 * open. Refusals (no such consumer, too many clients) come before the headers, as ordinary error
 * responses. The stream ends when the client leaves, the consumer is deleted, or the instance drains.
 */
@Injectable()
export class ConsumerEventStreams {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly dispatcher: ConsumerDispatcher,
    private readonly config: EnvironmentVariables,
  ) {}

  async open({ principal, ref, name, params, lastEventIdHeader, request, reply }: ConsumerEventStreamRequest): Promise<void> {
    const eventStoreId = await this.stores.resolveId(principal.tenantId, ref);
    const lastEventId = lastEventIdHeader !== undefined && LAST_EVENT_ID.test(lastEventIdHeader) ? lastEventIdHeader : params.lastEventId;
    const maxInFlight = Math.min(Number(params.maxInFlight ?? Infinity), this.config.CONSUMER_MAX_IN_FLIGHT_PER_CLIENT);
    const identity = {
      holderId: newId('conn'),
      clientId: params.clientId ?? newId('cli'),
      eventStoreId,
      tenantId: principal.tenantId,
      consumerName: name,
      maxInFlight,
    };
    const client = new SseConsumerClient(identity, this.config.WS_MAX_BUFFERED_BYTES, (ended) => {
      void this.dispatcher.detach(ended).catch(() => undefined);
    });
    await this.dispatcher.attach(client, lastEventId === undefined ? undefined : Number(lastEventId));

    const response = reply.raw;
    reply.hijack();
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    response.write(`event: subscribed\ndata: ${JSON.stringify({ consumer: name, clientId: identity.clientId, maxInFlight })}\n\n`);
    client.start(response);
    request.raw.socket.setTimeout(0);
    response.on('close', () => client.end());
    endOnDrain(response, () => client.detached('shutdown'));
  }
}
