import { type CurrentApiKey, EventStoreClient } from '@event-store-service/client';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export type Scope = CurrentApiKey['scopes'][number];

/**
 * The API key lives in this tab's sessionStorage only: it survives a reload, never appears in the
 * page's URL or a log, never reaches another tab, and is gone when the tab closes or on sign-out.
 * (The live tail's WebSocket carries it in its query string, the one way browsers can authenticate
 * a WebSocket; the service never logs query strings.)
 */
const STORAGE_KEY = 'event-store-console:api-key';

export const storedKey = (): string | null => window.sessionStorage.getItem(STORAGE_KEY);
export const storeKey = (apiKey: string) => window.sessionStorage.setItem(STORAGE_KEY, apiKey);
export const forgetKey = () => window.sessionStorage.removeItem(STORAGE_KEY);

/** A client of the API that served the page (the console is served at /console of the API's origin). */
export function createClient(apiKey: string, WebSocket?: typeof globalThis.WebSocket): EventStoreClient {
  return new EventStoreClient({
    baseUrl: window.location.origin,
    apiKey,
    ...(WebSocket && { WebSocket }),
    // A person is waiting: give up sooner than a program would.
    retry: { maxAttempts: 3, initialDelayMs: 200, maxDelayMs: 2000, maxElapsedMs: 8000 },
    timeoutMs: 30_000,
  });
}

export interface Session {
  apiKey: string;
  client: EventStoreClient;
  key: CurrentApiKey;
  can: (scope: Scope) => boolean;
  signOut: (reason?: string) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}
