import { DomainError } from '../common/errors/domain-error';
import { rateLimitHeaders } from './rate-limit-headers';
import type { RequestQuota } from './request-rate-limiter';

/** DECISIONS §7: the API key used up its requests of this UTC minute. */
export class RequestRateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;

  constructor(private readonly quota: RequestQuota) {
    super(`This API key may make ${quota.limit} requests per minute; retry after ${quota.retryAfterSeconds} s`, {
      limit: 'requests',
      requestsPerMinute: quota.limit,
      retryAfterSeconds: quota.retryAfterSeconds,
    });
  }

  /** The request limit's headers, `Retry-After` included. */
  override headers(): Record<string, string> {
    return { ...rateLimitHeaders(this.quota), 'Retry-After': String(this.quota.retryAfterSeconds) };
  }
}

/** What `append_batch` reports (outcome budget_exceeded) when an append would pass the store's budget. */
export interface EventBudgetDetail {
  eventsPerMinute: number;
  eventsUsed: number;
  eventsRequested: number;
  retryAfterSeconds: number;
}

/** DECISIONS §7: the append would take the store past its events of this UTC minute; nothing was written. */
export class EventBudgetExceededError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;

  constructor(
    eventStoreId: string,
    private readonly budget: EventBudgetDetail,
  ) {
    super(
      `Event store ${eventStoreId} may take ${budget.eventsPerMinute} events per minute; ` +
        `${budget.eventsUsed} were appended this minute and this append has ${budget.eventsRequested}`,
      { limit: 'events', eventStoreId, ...budget },
    );
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.budget.retryAfterSeconds) };
  }
}
