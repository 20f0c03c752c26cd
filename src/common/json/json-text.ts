/**
 * JSON that is already text, to be spliced into a response as it is: a page of events rendered
 * straight from PostgreSQL's text (event-log/read/event-json.ts), which never becomes objects only to
 * be serialised again. `T` is what the text encodes, so DTOs keep their documented shape.
 */
export class JsonText<T = unknown> {
  /** Never read: it carries `T` for the type checker. */
  declare private readonly encodes?: T;

  constructor(readonly text: string) {}

  /** For anything that serialises a body the ordinary way (a log line, a test): the value itself. */
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * The API's reply serialiser: JSON.stringify, except that a body whose top-level values include
 * JsonText is written field by field with those values spliced in as they are.
 */
export function serializeReply(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !Object.values(payload).some(isJsonText)) {
    return JSON.stringify(payload);
  }
  const fields: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${isJsonText(value) ? value.text : JSON.stringify(value)}`);
  }
  return `{${fields.join(',')}}`;
}

const isJsonText = (value: unknown): value is JsonText => value instanceof JsonText;
