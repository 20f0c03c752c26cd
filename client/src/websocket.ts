/**
 * What the client needs of a WebSocket implementation: the global `WebSocket` of browsers, Deno,
 * Bun, Workers and Node 22+, or `WebSocket` from the `ws` package on Node 20. Handlers are attached
 * with the standard `onopen`, `onmessage`, `onclose` and `onerror` properties.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * A WebSocket class. The client calls it as `new WebSocket(url, { headers })` first, which `ws`,
 * undici (Node 22 and later's global) and Bun read as options; a standard implementation reads the
 * object as subprotocols and throws, and is then called as `new WebSocket(url)`.
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The handler properties every standard WebSocket has (kept out of the public type so any implementation fits). */
export interface WebSocketHandlers {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
}

export type OpenSocket = WebSocketLike & WebSocketHandlers;

/** Where the API key travels on the upgrade: an `Authorization` header, or the URL's `apiKey` parameter. */
export type KeyPlacement = 'header' | 'url';

type HeaderWebSocketConstructor = new (url: string, options: { headers: Record<string, string> }) => WebSocketLike;

/**
 * Opens a socket to `url` with the key in a header where the implementation takes headers, and in
 * the URL where it does not: browsers cannot set headers on a WebSocket, so there the key has to be
 * in the URL (the service never logs query strings). A header keeps it out of proxies' and
 * servers' access logs. An implementation that quietly ignores the headers is found out by its
 * refused upgrade, and the caller then asks for `url` (see Subscription).
 */
export function openWebSocket(
  WebSocket: WebSocketConstructor,
  url: URL,
  apiKey: string,
  placement: KeyPlacement,
): { socket: OpenSocket; placement: KeyPlacement } {
  if (placement === 'header') {
    try {
      const socket = new (WebSocket as unknown as HeaderWebSocketConstructor)(url.toString(), {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return { socket: socket as OpenSocket, placement };
    } catch {
      // A standard WebSocket: the object is no subprotocol (a SyntaxError). Send the key in the URL.
    }
  }
  const withKey = new URL(url);
  withKey.searchParams.set('apiKey', apiKey);
  return { socket: new WebSocket(withKey.toString()) as OpenSocket, placement: 'url' };
}
