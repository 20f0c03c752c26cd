import { request, IncomingMessage, ClientRequest } from 'node:http';

/** One Server-Sent Event as the stream carried it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** A real HTTP client reading a text/event-stream, recording every message and comment, with waits that fail loudly. */
export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  readonly ended: Promise<void>;
  private buffer = '';

  private constructor(
    private readonly req: ClientRequest,
    readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.take(chunk));
    this.ended = new Promise((resolve) => {
      response.once('end', resolve);
      response.once('close', resolve);
    });
  }

  /** Opens the stream; resolves with the response whatever its status (an error body is read into `messages` as data). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) =>
        resolve(new SseClient(req, response)),
      );
      req.once('error', reject);
      req.end();
    });
  }

  /** Reads a refused request's JSON body. */
  async body(): Promise<Record<string, unknown>> {
    await this.ended;
    return JSON.parse(this.buffer);
  }

  events(): (Record<string, unknown> & { globalPosition: number; delivery: number; streamId: string })[] {
    return this.messages.filter((message) => message.event === 'event').map((message) => JSON.parse(message.data));
  }

  async waitUntil(done: () => boolean, timeoutMs = 10_000, what = 'the condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms; messages: ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Drops the connection, as a network failure would. */
  drop(): void {
    this.req.destroy();
  }

  private take(chunk: string): void {
    if (this.response.statusCode !== 200) {
      this.buffer += chunk;
      return;
    }
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: SseMessage = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) this.messages.push({ ...message, data: data.join('\n') });
    }
  }
}
