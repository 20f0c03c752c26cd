import { WebSocket } from 'ws';

/** A frame the server sent, parsed. */
export interface ServerFrame {
  type: string;
  subscriptionId?: string;
  event?: { globalPosition: number; type: string; streamId: string; [field: string]: unknown };
  error?: { code: string; message: string };
  [field: string]: unknown;
}

export interface RefusedUpgrade {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error: { code: string; message: string; details: Record<string, unknown> } };
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A real `ws` client that records every frame and the close, with waits that fail loudly on timeout. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  pings = 0;
  receivedBytes = 0;
  /** The headers of the server's 101 response. */
  upgradeHeaders: Record<string, string | string[] | undefined> = {};

  private constructor(readonly ws: WebSocket) {
    ws.once('upgrade', (response) => (this.upgradeHeaders = response.headers));
    ws.on('message', (data: Buffer) => {
      this.receivedBytes += data.length;
      this.frames.push(JSON.parse(data.toString()));
    });
    ws.on('ping', () => (this.pings += 1));
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket, or fails with the refusal's status and body. */
  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          reject(Object.assign(new Error(`upgrade refused with ${response.statusCode}: ${body}`), { status: response.statusCode, body })),
        );
      });
      ws.once('error', reject);
    });
  }

  /** The refusal of an upgrade that must not succeed. */
  static async refusal(url: string, headers: Record<string, string> = {}): Promise<RefusedUpgrade> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      ws.once('open', () => {
        ws.terminate();
        reject(new Error(`upgrade to ${url} was accepted`));
      });
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(body) }));
      });
      ws.once('error', (error) => reject(error));
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends `subscribe` and returns the id from the `subscribed` acknowledgement. */
  async subscribe(eventFilter: string, position: string | number = 'latest'): Promise<string> {
    const before = this.frames.length;
    this.send({ action: 'subscribe', eventFilter, position });
    const ack = await this.waitForFrame((frame) => frame.type === 'subscribed' || frame.type === 'error', before);
    if (ack.type !== 'subscribed') throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
    return ack.subscriptionId as string;
  }

  /** The first frame at or after index `from` that matches. */
  async waitForFrame(matches: (frame: ServerFrame) => boolean, from = 0, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ServerFrame> {
    let found: ServerFrame | undefined;
    await this.waitUntil(() => (found = this.frames.slice(from).find(matches)) !== undefined, timeoutMs, 'a matching frame');
    return found!;
  }

  /** Global positions of the event frames of one subscription, in arrival order. */
  positions(subscriptionId: string): number[] {
    return this.frames
      .filter((frame) => frame.type === 'event' && frame.subscriptionId === subscriptionId)
      .map((frame) => frame.event!.globalPosition);
  }

  async waitUntil(done: () => boolean, timeoutMs = DEFAULT_TIMEOUT_MS, what = 'the condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) {
        const tail = this.frames.slice(-5).map((frame) => JSON.stringify(frame).slice(0, 200));
        throw new Error(`${what} not met within ${timeoutMs} ms; ${this.frames.length} frames, last: ${tail.join(' | ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The close the server sent, within `timeoutMs`. */
  async closedWithin(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ code: number; reason: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs)),
    );
    try {
      return await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}
