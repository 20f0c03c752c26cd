import { once } from 'node:events';
import { AddressInfo, createConnection, createServer, Socket } from 'node:net';
import { Transform } from 'node:stream';

/**
 * A TCP proxy on 127.0.0.1 standing for the network between a process and a server: it can hold
 * everything the server sends back for `delayMs` before passing it on (in order), be cut (every
 * connection dropped, new ones refused) or frozen (connections kept, nothing passed), and restored.
 */
export class FaultyLink {
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((client) => this.relay(client));
  private isCut = false;
  private isFrozen = false;

  private constructor(
    private readonly target: URL,
    private readonly delayMs: number,
  ) {}

  static async start(target: URL, { delayMs = 0 }: { delayMs?: number } = {}): Promise<FaultyLink> {
    const link = new FaultyLink(target, delayMs);
    link.server.listen(0, '127.0.0.1');
    await once(link.server, 'listening');
    return link;
  }

  /** The target's URL with this link's address in place of the target's. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as AddressInfo).port);
    return url.toString();
  }

  cut(): void {
    this.isCut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.isCut = false;
    this.isFrozen = false;
  }

  /** Connections stay open, but nothing passes any more either way: a peer gone silent (a dead NAT, a hung host). */
  freeze(): void {
    this.isFrozen = true;
  }

  async close(): Promise<void> {
    this.cut();
    this.server.close();
    await once(this.server, 'close');
  }

  private relay(client: Socket): void {
    if (this.isCut) {
      client.destroy();
      return;
    }
    const upstream = createConnection(Number(this.target.port), this.target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const unlessFrozen = new Transform({ transform: (chunk: Buffer, _encoding, done) => done(null, this.isFrozen ? undefined : chunk) });
    client.pipe(unlessFrozen).pipe(upstream);
    // Timers of one duration fire in the order they were set, so the bytes keep their order.
    upstream.on('data', (chunk: Buffer) => {
      if (!this.isFrozen) setTimeout(() => client.write(chunk), this.delayMs);
    });
    upstream.once('close', () => setTimeout(() => client.destroy(), this.delayMs));
    client.once('close', () => upstream.destroy());
  }
}
