import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as sent, for signature checks. */
  rawBody: string;
  body: {
    event: { globalPosition: number; eventId: string; type: string; streamId: string; [field: string]: unknown };
    eventStoreId: string;
    subscriptionId: string;
    deliveryId: string;
    attempt: number;
  };
  receivedAt: number;
  /** Requests of the same subscription being answered when this one arrived (one-at-a-time delivery keeps it 0). */
  concurrent: number;
  status: number;
}

/** Chooses the answer to each request: a status code, after an optional delay. */
export type Responder = (webhook: Omit<ReceivedWebhook, 'status'>) => number | { status: number; delayMs: number };

/** A real HTTP server on 127.0.0.1 that records every webhook it receives. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly inFlight = new Map<string, number>();
  private respond: Responder = () => 200;

  private constructor(private readonly server: Server) {
    server.on('request', (request, response) => {
      // Counted from the request's arrival to the end of the answer, so overlapping requests always show.
      const subscription = String(request.headers['webhook-id'] ?? '').split(':')[0];
      const concurrent = this.inFlight.get(subscription) ?? 0;
      this.inFlight.set(subscription, concurrent + 1);
      response.on('close', () => this.inFlight.set(subscription, (this.inFlight.get(subscription) ?? 1) - 1));
      let rawBody = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (rawBody += chunk));
      request.on('end', async () => {
        const webhook = {
          path: request.url ?? '',
          headers: request.headers,
          rawBody,
          body: JSON.parse(rawBody),
          receivedAt: Date.now(),
          concurrent,
        };
        const answer = this.respond(webhook);
        const { status, delayMs } = typeof answer === 'number' ? { status: answer, delayMs: 0 } : answer;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        this.received.push({ ...webhook, status });
        response.statusCode = status;
        response.end();
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new WebhookReceiver(server);
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  respondWith(responder: Responder): void {
    this.respond = responder;
  }

  for(subscriptionId: string): ReceivedWebhook[] {
    return this.received.filter((webhook) => webhook.body.subscriptionId === subscriptionId);
  }

  /** The successful deliveries of a subscription, in arrival order. */
  delivered(subscriptionId: string): ReceivedWebhook[] {
    return this.for(subscriptionId).filter((webhook) => webhook.status >= 200 && webhook.status < 300);
  }

  /** Resolves once `done()` holds; fails with what was received so far after `timeoutMs`. */
  async waitUntil(done: () => boolean, timeoutMs = 20000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) {
        const summary = this.received.map((w) => `${w.body.deliveryId}#${w.body.attempt}=${w.status}`).join(' ');
        throw new Error(`Condition not met within ${timeoutMs} ms; received: ${summary || 'nothing'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}
