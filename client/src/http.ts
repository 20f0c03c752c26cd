import { errorFromResponse, EventStoreError, NetworkError } from './errors.js';
import { abortReason, backoffDelay, type ResolvedRetryOptions, sleep, throwIfAborted } from './retry.js';

/** What the client needs of a `fetch` implementation: the global one of every runtime fits. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  /** The body as it arrives: needed only by consumers over Server-Sent Events. */
  body?: ReadableStream<Uint8Array> | null;
}

export type QueryValue = string | number | boolean | undefined;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the base URL, segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpTransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  retry: ResolvedRetryOptions;
  /** Per attempt: a request with no complete answer after this long is abandoned (and retried). */
  timeoutMs: number;
  headers: Record<string, string>;
}

/** A status the options allow retrying, and how long to wait first; undefined: give up. */
function retryWait(error: EventStoreError, retry: number, options: ResolvedRetryOptions): number | undefined {
  if (error instanceof NetworkError) return backoffDelay(retry, options);
  if (error.status === 429) return error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
  if (!options.statuses.includes(error.status)) return undefined;
  return error.retryAfter === undefined ? backoffDelay(retry, options) : error.retryAfter * 1000;
}

/**
 * HTTP with the service's conventions: the API key as a bearer token, JSON both ways, errors turned
 * into their classes (errors.ts), retries with backoff (retry.ts), a timeout per attempt, and the
 * caller's AbortSignal obeyed at every step, waits included.
 */
export class HttpTransport {
  constructor(private readonly options: HttpTransportOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(name, String(value));
    const text = search.toString();
    return `${this.options.baseUrl}${path}${text ? `?${text}` : ''}`;
  }

  async request<T>(request: HttpRequest): Promise<T> {
    const { retry } = this.options;
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      throwIfAborted(request.signal);
      let error: EventStoreError;
      try {
        return await this.attempt<T>(request);
      } catch (failure) {
        if (!(failure instanceof EventStoreError)) throw failure;
        error = failure;
      }
      const wait = attempt < retry.maxAttempts ? retryWait(error, attempt, retry) : undefined;
      if (wait === undefined || Date.now() - started + wait > retry.maxElapsedMs) throw error;
      await sleep(wait, request.signal);
    }
  }

  /**
   * A GET answered with Server-Sent Events: one attempt, no timeout (the stream stays open; the caller
   * watches its heartbeats), the error classes for a refusal. The caller reconnects as it sees fit.
   */
  async openEventStream(request: Omit<HttpRequest, 'method' | 'body'>): Promise<EventStreamResponse> {
    throwIfAborted(request.signal);
    const url = this.url(request.path, request.query);
    let response: FetchResponseLike;
    try {
      response = await this.options.fetch(url, {
        method: 'GET',
        headers: {
          ...this.options.headers,
          accept: 'text/event-stream',
          authorization: `Bearer ${this.options.apiKey}`,
          ...request.headers,
        },
        signal: request.signal,
      });
    } catch (cause) {
      throwIfAborted(request.signal);
      throw new NetworkError({
        code: 'NETWORK_ERROR',
        status: 0,
        message: `GET ${withoutKey(url)} failed: ${describeFailure(cause)}`,
        cause,
      });
    }
    if (response.status < 200 || response.status >= 300) {
      const text = await response.text().catch(() => '');
      throw errorFromResponse(response.status, parseJson(text), {
        retryAfter: response.headers.get('retry-after'),
        requestId: response.headers.get('x-request-id'),
      });
    }
    if (!response.body) {
      throw new EventStoreError({
        code: 'INVALID_RESPONSE',
        status: response.status,
        message: 'This fetch gives no streamed body (response.body): consumers over Server-Sent Events need one',
      });
    }
    return { body: response.body };
  }

  private async attempt<T>(request: HttpRequest): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers,
      authorization: `Bearer ${this.options.apiKey}`,
      ...request.headers,
    };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const url = this.url(request.path, request.query);
    const attempt = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, this.options.timeoutMs);
    const onAbort = () => attempt.abort(abortReason(request.signal!));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let status: number;
      let text: string;
      let responseHeaders: FetchResponseLike['headers'];
      try {
        const response = await this.options.fetch(url, { method: request.method, headers, body, signal: attempt.signal });
        status = response.status;
        responseHeaders = response.headers;
        text = await response.text();
      } catch (cause) {
        throwIfAborted(request.signal);
        const target = `${request.method} ${withoutKey(url)}`;
        const message = timedOut
          ? `${target} got no complete answer within ${this.options.timeoutMs} ms`
          : `${target} failed: ${describeFailure(cause)}`;
        throw new NetworkError({ code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', status: 0, message, cause });
      }
      const parsed = parseJson(text);
      if (status >= 200 && status < 300) {
        if (text !== '' && parsed === undefined) {
          throw new EventStoreError({
            code: 'INVALID_RESPONSE',
            status,
            message: `${request.method} ${request.path}: the answer is not JSON`,
          });
        }
        return parsed as T;
      }
      throw errorFromResponse(status, parsed, {
        retryAfter: responseHeaders.get('retry-after'),
        requestId: responseHeaders.get('x-request-id'),
      });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** An open `text/event-stream` answer: its body, read until the server ends it or the signal aborts. */
export interface EventStreamResponse {
  body: ReadableStream<Uint8Array>;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A URL fit for a message: an `apiKey` parameter (a raw request may carry one) is blanked. */
function withoutKey(url: string): string {
  return url.replace(/([?&]apiKey=)[^&#]*/gi, '$1…');
}

/**
 * Why a fetch failed, from its causes: runtimes say `fetch failed` and put the reason underneath
 * (`connect ECONNREFUSED 127.0.0.1:3000`, `getaddrinfo ENOTFOUND …`), so the message gives both:
 * `fetch failed (connect ECONNREFUSED 127.0.0.1:3000)`.
 */
function describeFailure(failure: unknown): string {
  const reasons: string[] = [];
  let current = failure;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const reason = reasonOf(current);
    if (reason && !reasons.includes(reason)) reasons.push(reason);
    current = (current as { cause?: unknown }).cause;
  }
  const [first = 'no answer', ...underneath] = reasons;
  return underneath.length > 0 ? `${first} (${underneath.join('; ')})` : first;
}

/** One error's own reason: its message, else its code, else those of the errors it gathers (an AggregateError). */
function reasonOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? error : '';
  const { message, code, errors } = error as { message?: unknown; code?: unknown; errors?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(errors)) return [...new Set(errors.map(reasonOf).filter(Boolean))].join(', ');
  return typeof code === 'string' ? code : '';
}
