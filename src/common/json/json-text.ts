import { Readable } from 'node:stream';

/** A piece of JSON text: a string, or its UTF-8 bytes. */
export type JsonPart = string | Buffer;

/**
 * JSON that is already text, to be spliced in as it is: a page of events rendered straight from
 * PostgreSQL (event-log/read/stored-event.ts) into a response, or an event's data as an append body
 * brought it (compact-append-body.ts) into the payload the store keeps; neither becomes objects only to
 * be serialised again. The text is kept as parts (a page of events is one Buffer, its events' bytes as
 * PostgreSQL sent them), which the reply writes one after the other. `T` is what the text encodes, so
 * DTOs keep their documented shape.
 */
export class JsonText<T = unknown> {
  /** Never read: it carries `T` for the type checker. */
  declare private readonly encodes?: T;

  /** The JSON is these parts joined, with nothing between them. */
  readonly parts: readonly JsonPart[];

  /** The JSON as one string, or as parts to be joined with nothing between them. */
  constructor(text: string | readonly JsonPart[]) {
    this.parts = typeof text === 'string' ? [text] : text;
  }

  get text(): string {
    return this.parts.map((part) => part.toString()).join('');
  }

  /** The JSON as UTF-8 bytes: its one part as it is, when that is a Buffer. */
  get bytes(): Buffer {
    const [only, ...more] = this.parts;
    if (more.length === 0 && Buffer.isBuffer(only)) return only;
    return Buffer.concat(this.parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  }

  /** For anything that serialises a body the ordinary way (a log line, a test): the value itself. */
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * A reply body written as the parts it is made of, one after the other, its length known beforehand
 * (Content-Length, set by sendJsonBody). A page of events is about 1.5 MB: the bytes PostgreSQL sent
 * go to the socket as they are, and nothing joins them into one more copy that would live until a
 * collection finds it dead.
 */
export class JsonBody extends Readable {
  readonly byteLength: number;

  constructor(private readonly parts: JsonPart[]) {
    // Parts as they are: a byte stream would copy each string into a Buffer first.
    super({ objectMode: true });
    let bytes = 0;
    for (const part of parts) bytes += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    this.byteLength = bytes;
  }

  override _read(): void {
    for (const part of this.parts) this.push(part);
    this.parts.length = 0;
    this.push(null);
  }
}

/**
 * The API's reply serialiser: JSON.stringify, except that a body whose top-level values include
 * JsonText is written field by field, with those values' parts spliced in as they are, as a JsonBody.
 */
export function serializeReply(payload: unknown): string | JsonBody {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.values(payload).some(isJsonText)) {
    return JSON.stringify(payload);
  }
  const parts: JsonPart[] = [];
  let separator = '{';
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    if (isJsonText(value)) {
      parts.push(`${separator}${JSON.stringify(key)}:`);
      for (const part of value.parts) parts.push(part);
    } else {
      parts.push(`${separator}${JSON.stringify(key)}:${JSON.stringify(value)}`);
    }
    separator = ',';
  }
  parts.push('}');
  return new JsonBody(parts);
}

/** An onSend hook: a JsonBody goes out with its Content-Length, not chunked as a stream of unknown length would be. */
export function sendJsonBody(
  _request: unknown,
  reply: { header(name: string, value: number): unknown },
  payload: unknown,
  done: () => void,
): void {
  if (payload instanceof JsonBody) reply.header('content-length', payload.byteLength);
  done();
}

const isJsonText = (value: unknown): value is JsonText => value instanceof JsonText;
