import { AsyncLocalStorage } from 'node:async_hooks';

/** The id of the request being served, wherever its code runs (DECISIONS: a request id on every line). */
const requestIds = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs the rest of a request's handling with its id in context. */
export const withRequestId = (requestId: string, next: () => void): void => requestIds.run(requestId, next);
