/**
 * JSON that is already text, to be spliced into a response as it is: a page of events rendered
 * straight from PostgreSQL's text (event-log/read/stored-event.ts), which never becomes objects only
 * to be serialised again. The text is kept as the parts PostgreSQL sent (runs of events), which the
 * reply writes one after the other. `T` is what the text encodes, so DTOs keep their documented shape.
 */
export class JsonText<T = unknown> {
  /** Never read: it carries `T` for the type checker. */
  declare private readonly encodes?: T;

  /** The JSON is these strings joined, with nothing between them. */
  readonly parts: readonly string[];

  /** The JSON as one string, or as parts to be joined with nothing between them. */
  constructor(text: string | readonly string[]) {
    this.parts = typeof text === 'string' ? [text] : text;
  }

  get text(): string {
    return this.parts.join('');
  }

  /** For anything that serialises a body the ordinary way (a log line, a test): the value itself. */
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * The API's reply serialiser: JSON.stringify, except that a body whose top-level values include
 * JsonText is written field by field, with those values' parts copied in as they are, into one
 * Buffer. A page of events is about 1 MB of text: written as a string it would be joined, measured
 * for Content-Length and encoded to UTF-8 on the socket, one pass each; here it is measured and
 * encoded once, and the socket only copies bytes.
 */
export function serializeReply(payload: unknown): string | Buffer {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.values(payload).some(isJsonText)) {
    return JSON.stringify(payload);
  }
  const parts: string[] = [];
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
  let bytes = 0;
  for (const part of parts) bytes += Buffer.byteLength(part);
  const body = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const part of parts) at += body.write(part, at);
  return body;
}

const isJsonText = (value: unknown): value is JsonText => value instanceof JsonText;
