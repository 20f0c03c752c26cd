import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { EventStreamParser } from '../src/consumer-sse.js';
import { errorFromResponse, parseErrorBody, parseRetryAfter } from '../src/errors.js';
import {
  AlreadyProcessedError,
  AppendConditionFailedError,
  ConsumerNotFoundError,
  EventStoreClient,
  EventStoreError,
  RateLimitedError,
  ValidationError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.js';
import { backoffDelay, resolveRetryOptions } from '../src/retry.js';

const attempt = (verify: () => unknown) => {
  try {
    verify();
    return 'accepted';
  } catch {
    return 'refused';
  }
};

/** The parts of the client that are pure functions, held to their contracts with the inputs the service cannot be made to send. */
describe('client internals', () => {
  describe('error envelopes', () => {
    const headers = { retryAfter: null, requestId: 'req-1' };

    it('reads the nested, the flat and the DCB condition envelopes', () => {
      expect(parseErrorBody(400, { error: { code: 'VALIDATION_ERROR', message: 'Invalid', details: { fields: [] } } })).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        details: { fields: [] },
      });
      expect(parseErrorBody(401, { error: 'UNAUTHORIZED', message: 'Missing or invalid credentials', details: {} })).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Missing or invalid credentials',
        details: {},
      });
      const condition = errorFromResponse(
        409,
        {
          error: 'Append condition failed',
          code: 'APPEND_CONDITION_FAILED',
          details: '2 events after position 41 match failIfEventsMatch',
          conflictingPositions: [43, 47],
          afterPosition: 41,
        },
        headers,
      );
      expect(condition).toBeInstanceOf(AppendConditionFailedError);
      expect(condition).toMatchObject({
        status: 409,
        message: '2 events after position 41 match failIfEventsMatch',
        conflictingPositions: [43, 47],
        after: 41,
        requestId: 'req-1',
      });
    });

    it('gives HTTP_<status> for a body in no envelope (a proxy page, nothing at all)', () => {
      for (const body of [undefined, '<html>Bad gateway</html>', { message: 'no code' }, [1, 2]]) {
        const error = errorFromResponse(502, body, headers);
        expect(error.constructor).toBe(EventStoreError);
        expect(error).toMatchObject({ code: 'HTTP_502', status: 502, details: {} });
      }
    });

    it('takes Retry-After in seconds or as a date, and falls back on the details of a 429', () => {
      expect(parseRetryAfter('7')).toBe(7);
      expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
      expect(parseRetryAfter('soon')).toBeUndefined();
      expect(parseRetryAfter(null)).toBeUndefined();
      const fromDetails = errorFromResponse(
        429,
        { error: { code: 'RATE_LIMITED', message: 'Slow down', details: { retryAfterSeconds: 12 } } },
        headers,
      );
      expect(fromDetails).toBeInstanceOf(RateLimitedError);
      expect(fromDetails.retryAfter).toBe(12);
      const quota = errorFromResponse(
        429,
        { error: { code: 'RATE_LIMITED', message: 'Cap', details: { limit: 'subscriptions' } } },
        headers,
      );
      expect(quota).toMatchObject({ retryAfter: undefined, limit: 'subscriptions' });
    });

    it('lists a validation error’s fields, and none when the details have none', () => {
      const fields = [{ field: 'events.0.type', message: 'bad' }];
      expect(
        (errorFromResponse(400, { error: { code: 'VALIDATION_ERROR', message: 'x', details: { fields } } }, headers) as ValidationError)
          .fields,
      ).toEqual(fields);
      expect(
        (errorFromResponse(400, { error: { code: 'VALIDATION_ERROR', message: 'x', details: {} } }, headers) as ValidationError).fields,
      ).toEqual([]);
    });
  });

  describe('backoff', () => {
    it('waits a random time up to the doubling bound, capped', () => {
      const options = { initialDelayMs: 100, maxDelayMs: 1000 };
      for (const [retry, bound] of [
        [1, 100],
        [2, 200],
        [4, 800],
        [5, 1000],
        [30, 1000],
      ]) {
        const waits = Array.from({ length: 200 }, () => backoffDelay(retry, options));
        expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...waits)).toBeLessThanOrEqual(bound);
        expect(Math.max(...waits)).toBeGreaterThan(bound / 2); // jittered over the whole range, not a constant
      }
    });

    it('turns retries off with false, and refuses fewer than one attempt', () => {
      expect(resolveRetryOptions(false).maxAttempts).toBe(1);
      expect(resolveRetryOptions({ maxDelayMs: 10 })).toMatchObject({
        maxAttempts: 5,
        initialDelayMs: 200,
        maxDelayMs: 10,
        maxElapsedMs: 90_000,
      });
      expect(() => resolveRetryOptions({ maxAttempts: 0 })).toThrow(RangeError);
    });
  });

  describe('verifyWebhook, against the standardwebhooks reference package', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const body = JSON.stringify({ event: { type: 'order.created', data: { total: 42 } }, deliveryId: 'sub_1:1', attempt: 1 });
    const signed = (at = new Date(), id = 'sub_1:1') => ({
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    });

    it('accepts what the reference signs, and the reference accepts what it accepts', async () => {
      const headers = signed();
      await expect(verifyWebhook(secret, body, headers)).resolves.toMatchObject({ deliveryId: 'sub_1:1' });
      expect(new Webhook(secret).verify(body, headers)).toMatchObject({ deliveryId: 'sub_1:1' });
    });

    it('refuses what the reference refuses: another body, id, secret or signature version, and missing or bad headers', async () => {
      const headers = signed();
      const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
      const cases: [string, string, string, Record<string, string>][] = [
        ['body', secret, body.replace('42', '43'), headers],
        ['id', secret, body, { ...headers, 'webhook-id': 'sub_1:2' }],
        ['secret', otherSecret, body, headers],
        ['version', secret, body, { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') }],
        ['headers', secret, body, { 'webhook-id': 'sub_1:1' }],
        ['timestamp', secret, body, { ...headers, 'webhook-timestamp': 'yesterday' }],
      ];
      for (const [what, key, payload, given] of cases) {
        expect({ what, reference: attempt(() => new Webhook(key).verify(payload, given)) }).toEqual({ what, reference: 'refused' });
        await expect(verifyWebhook(key, payload, given).then(() => `${what} accepted`)).rejects.toBeInstanceOf(WebhookVerificationError);
      }
    });

    it('holds the timestamp to the tolerance either way', async () => {
      const past = signed(new Date(Date.now() - 6 * 60_000));
      const future = signed(new Date(Date.now() + 6 * 60_000));
      await expect(verifyWebhook(secret, body, past)).rejects.toThrow(/more than 300 s/);
      await expect(verifyWebhook(secret, body, future)).rejects.toThrow(/more than 300 s/);
      await expect(verifyWebhook(secret, body, past, { toleranceSeconds: 600 })).resolves.toBeDefined();
    });
  });
  describe('Server-Sent Events', () => {
    it('gives up on a connection whose response never comes, as on a silent stream, and reconnects', async () => {
      // A server (or a proxy in front of a restarting one) that takes the request and never answers.
      const requests: IncomingMessage[] = [];
      const server = createServer((request) => void requests.push(request));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const client = new EventStoreClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
        const reconnects: unknown[] = [];
        const run = client
          .store('s')
          .consumer('c')
          .run(async () => undefined, {
            transport: 'sse',
            heartbeatTimeoutMs: 200,
            reconnect: { initialDelayMs: 10, maxDelayMs: 10, maxAttempts: 2 },
            onReconnect: (info) => reconnects.push(info),
          });
        await expect(run).rejects.toThrow(/could not reconnect after 2 attempts/);
        expect(reconnects).toHaveLength(2);
        expect(requests.length).toBe(3);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });

    const parse = (chunks: string[]) => {
      const messages: { id: string | undefined; event: string; data: string }[] = [];
      const parser = new EventStreamParser((message) => messages.push(message));
      const encoder = new TextEncoder();
      for (const chunk of chunks) parser.push(encoder.encode(chunk));
      return messages;
    };

    it('reads ids, event names and data, and skips heartbeat comments', () => {
      expect(parse([': heartbeat\n\n', 'id: 7\nevent: event\ndata: {"a":1}\n\n', 'data: x\ndata: y\n\n'])).toEqual([
        { id: '7', event: 'event', data: '{"a":1}' },
        { id: undefined, event: 'message', data: 'x\ny' },
      ]);
    });

    it('joins lines split across chunks, CRLF and a multi-byte character cut in two included', () => {
      const bytes = new TextEncoder().encode('id: 9\r\ndata: {"name":"é"}\r\n\r\n');
      const messages: { id: string | undefined; data: string }[] = [];
      const parser = new EventStreamParser((message) => messages.push(message));
      for (const byte of bytes) parser.push(Uint8Array.of(byte));
      expect(messages).toEqual([{ id: '9', event: 'message', data: '{"name":"é"}' }]);
    });
  });

  it('gives consumers their error classes', () => {
    const headers = { retryAfter: null, requestId: null };
    expect(errorFromResponse(409, { error: { code: 'ALREADY_PROCESSED', message: 'done', details: {} } }, headers)).toBeInstanceOf(
      AlreadyProcessedError,
    );
    expect(errorFromResponse(404, { error: { code: 'CONSUMER_NOT_FOUND', message: 'none', details: {} } }, headers)).toBeInstanceOf(
      ConsumerNotFoundError,
    );
  });
});
