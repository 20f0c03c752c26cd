import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code serving a request knows about it, wherever that code runs. */
export interface RequestContext {
  /** DECISIONS: a request id on every line. */
  readonly requestId: string;
  /** Set once the caller is authenticated: whose shares of the database the request uses (ConnectionShares). */
  tenantId: string | null;
  /** The request's `Min-Global-Position` (0 without one): a standby may serve its reads only once it has replayed that far. */
  minGlobalPosition: number;
}

const requests = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => requests.getStore();

export const currentRequestId = (): string | undefined => requests.getStore()?.requestId;

/** Runs the rest of a request's handling with its context. */
export const withRequestContext = (requestId: string, next: () => void): void =>
  requests.run({ requestId, tenantId: null, minGlobalPosition: 0 }, next);
