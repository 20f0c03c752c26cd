import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { EnvironmentVariables } from '../../config/environment-variables';
import { WebhookTargetPolicy } from '../webhook-target-policy';
import { webhookSignature } from './webhook-signature';

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  secret: string;
  webhookId: string;
  body: string;
}

const CLIENT_CLOSED = ['UND_ERR_CLOSED', 'UND_ERR_DESTROYED'];

export type WebhookResponse = { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string };

/**
 * One signed POST (Standard Webhooks). Success is a 2xx within WEBHOOK_TIMEOUT_MS; redirects are
 * not followed (a 3xx is a failure), so a target cannot bounce the delivery somewhere the SSRF guard
 * did not check.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(
    config: EnvironmentVariables,
    private readonly targets: WebhookTargetPolicy,
  ) {
    this.timeoutMs = config.WEBHOOK_TIMEOUT_MS;
    const lookup = targets.connectionLookup();
    this.agent = new Agent({ connect: { timeout: this.timeoutMs, ...(lookup && { lookup }) } });
  }

  async send(webhook: WebhookRequest): Promise<WebhookResponse> {
    // Names are checked by the connection's own lookup (see WebhookTargetPolicy); literal addresses here.
    const refusal = this.targets.literalRefusal(webhook.url);
    if (refusal) return { delivered: false, statusCode: null, error: refusal };
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await request(webhook.url, {
        method: 'POST',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          ...webhook.headers,
          'content-type': 'application/json',
          'webhook-id': webhook.webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(webhook.secret, webhook.webhookId, timestamp, webhook.body),
        },
        body: webhook.body,
      });
      const { statusCode } = response;
      // The body is not kept: dump() reads at most a small prefix and drops the connection beyond it.
      await response.body.dump().catch(() => undefined);
      return statusCode >= 200 && statusCode < 300
        ? { delivered: true, statusCode }
        : { delivered: false, statusCode, error: `HTTP ${statusCode}` };
    } catch (error) {
      // A closed client means this process is stopping: nothing was sent, so nothing may be recorded as an attempt.
      if (CLIENT_CLOSED.includes((error as { code?: string }).code ?? '')) throw error;
      return { delivered: false, statusCode: null, error: describeFailure(error as Error & { code?: string }, this.timeoutMs) };
    }
  }

  /** After the queue's worker has finished its jobs (see WebhookDeliveryProcessor). */
  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

function describeFailure(error: Error & { code?: string; cause?: unknown }, timeoutMs: number): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `No response within ${timeoutMs} ms`;
  const cause = error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: string }).code;
  return code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
}
