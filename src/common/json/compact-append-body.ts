import { MAX_JSON_DEPTH, PROTOTYPE_KEYS } from '../body-shape';
import { JsonText } from './json-text';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const PLUS = 0x2b;

const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= ZERO && byte <= NINE;

/** The escapes JSON.stringify writes for `"`, `\` and the control characters it does not write as \u00XX. */
const SHORT_ESCAPES = new Set([...'"\\bfnrt'].map((character) => character.charCodeAt(0)));

/** The keys checkBodyShape deletes, as bytes (see isOrdinaryKey). */
const PROTOTYPE_KEY_BYTES = PROTOTYPE_KEYS.map((key) => Buffer.from(key));

/**
 * Up to this many keys, an object's keys are compared with each other in turn, which is quicker than
 * a Set for the few keys objects usually have; past it, a Set keeps an object of many keys (a hostile
 * body's thousands) from taking quadratic time.
 */
const KEYS_COMPARED_IN_TURN = 16;

const LITERALS = ['true', 'false', 'null'].map((literal) => Buffer.from(literal));

/** The fields of an append body and of its events that compactAppendBody looks for. */
const EVENTS = Buffer.from('events');
const DATA = Buffer.from('data');
const METADATA = Buffer.from('metadata');

/** What an object or array is to the append body: its top, its `events`, one of them, or anything else. */
const enum Role {
  Other,
  Body,
  Events,
  Event,
}

/** A value of an event to be kept as text: its place among `events`, its field, its bytes. */
interface Kept {
  event: number;
  field: 'data' | 'metadata';
  start: number;
  end: number;
}

/** The bodies compactAppendBody made, for as long as they live. */
const compactBodies = new WeakSet<object>();

/** What stands in the rest of the body for a value kept as text. */
const PLACEHOLDER = Buffer.from('0');

/**
 * An append body (`{"events":[…], …}`) whose events' `data` and `metadata` are taken as the bytes the
 * client sent, when those bytes are exactly what `JSON.stringify(JSON.parse(…))` would write: no
 * whitespace, no escape JSON.stringify would write otherwise (`\/`, `\u…`), numbers as JavaScript
 * prints them (`1.5`, not `1.50` or `15e-1`), and in each object no key twice, none that JSON.parse
 * or the body's checks treat apart (`__proto__`, `prototype`, `constructor`), and none made of digits
 * only (V8 moves those first). What JSON.stringify writes is such text, and so is most libraries'
 * compact output; anything else returns null, and the body is parsed as usual (Python's json.dumps,
 * for one, writes spaces after `,` and `:` unless told otherwise).
 *
 * The rest of the body is parsed with JSON.parse, with `0` in place of each value kept as text,
 * which then goes in as a JsonText of its bytes. So a 100-event append is neither parsed into
 * objects nor serialised again (eventPayload): at 1 KB an event, the two were most of the API's time
 * on such appends, and their objects most of its garbage. A body taken this way is one the usual
 * path would have accepted with the same values, unchanged by checkBodyShape: text that is compact in
 * this sense is valid JSON, no deeper than MAX_JSON_DEPTH, with finite numbers and none of the keys
 * that check deletes. JsonText's toJSON gives the parsed value to anything that serialises the body
 * (the Idempotency-Key's fingerprint) or validates it in full (AppValidationPipe).
 */
export function compactAppendBody(bytes: Buffer): Record<string, unknown> | null {
  // A body that does not end with its object (a final line break, say) is not read to its end only to be read again.
  if (bytes[bytes.length - 1] !== CLOSE_OBJECT) return null;
  const scan = new CompactScan(bytes);
  if (scan.value(0, 0, Role.Body) !== bytes.length || scan.kept.length === 0) return null;
  const rest: Buffer[] = [];
  let from = 0;
  for (const { start, end } of scan.kept) {
    rest.push(bytes.subarray(from, start), PLACEHOLDER);
    from = end;
  }
  rest.push(bytes.subarray(from));
  const body = JSON.parse(Buffer.concat(rest).toString('utf8')) as { events: Record<string, unknown>[] };
  for (const { event, field, start, end } of scan.kept) body.events[event][field] = new JsonText([bytes.subarray(start, end)]);
  compactBodies.add(body);
  return body;
}

/** Whether `value` is a body compactAppendBody made, whose events hold JsonText. */
export const isCompactAppendBody = (value: unknown): boolean => typeof value === 'object' && value !== null && compactBodies.has(value);

/**
 * One walk over the body's bytes. Each method reads the value at `at` and returns the index after
 * it, or -1 when the bytes there are not compact JSON in the sense above (or not JSON at all).
 */
class CompactScan {
  readonly kept: Kept[] = [];
  /** The [start, end) of the keys of the objects being read, innermost last, up to keysTop: duplicates are looked for there. */
  private readonly keys: number[] = [];
  private keysTop = 0;
  private event = 0;

  constructor(private readonly bytes: Buffer) {}

  value(at: number, depth: number, role: Role): number {
    const byte = this.bytes[at];
    if (byte === QUOTE) return this.string(at);
    if (byte === OPEN_OBJECT) return this.object(at, depth, role);
    if (byte === OPEN_ARRAY) return this.array(at, depth, role);
    if (byte === MINUS || isDigit(byte)) return this.number(at);
    for (let index = 0; index < LITERALS.length; index += 1) if (this.startsWith(at, LITERALS[index])) return at + LITERALS[index].length;
    return -1;
  }

  private object(at: number, depth: number, role: Role): number {
    // checkBodyShape refuses objects and arrays this deep; that answer is the usual path's to give.
    if (depth >= MAX_JSON_DEPTH) return -1;
    if (this.bytes[at + 1] === CLOSE_OBJECT) return at + 2;
    const keysFrom = this.keysTop;
    const end = this.members(at + 1, depth, role, keysFrom);
    this.keysTop = keysFrom;
    return end;
  }

  private members(at: number, depth: number, role: Role, keysFrom: number): number {
    const { bytes } = this;
    // An object's keys are compared with the earlier ones in turn, then, past KEYS_COMPARED_IN_TURN, looked up in a Set.
    let names: Set<string> | undefined;
    for (let next = at; ; next += 1) {
      const keyEnd = bytes[next] === QUOTE ? this.string(next) : -1;
      if (keyEnd < 0 || bytes[keyEnd] !== COLON || !this.isOrdinaryKey(next + 1, keyEnd - 1)) return -1;
      if (names) {
        const name = bytes.toString('latin1', next + 1, keyEnd - 1);
        if (names.has(name)) return -1;
        names.add(name);
      } else {
        if (!this.isNewKey(next + 1, keyEnd - 1, keysFrom)) return -1;
        if (this.keysTop - keysFrom >= 2 * KEYS_COMPARED_IN_TURN) names = this.keyNames(keysFrom);
      }
      const field = role === Role.Other ? undefined : this.fieldOf(role, next + 1, keyEnd - 1);
      const start = keyEnd + 1;
      next = this.value(start, depth + 1, field === 'events' ? Role.Events : Role.Other);
      if (next < 0) return -1;
      if ((field === 'data' || field === 'metadata') && bytes[start] === OPEN_OBJECT)
        this.kept.push({ event: this.event, field, start, end: next });
      if (bytes[next] === CLOSE_OBJECT) return next + 1;
      if (bytes[next] !== COMMA) return -1;
    }
  }

  private array(at: number, depth: number, role: Role): number {
    if (depth >= MAX_JSON_DEPTH) return -1;
    let next = at + 1;
    if (this.bytes[next] === CLOSE_ARRAY) return next + 1;
    for (let index = 0; ; index += 1) {
      if (role === Role.Events) this.event = index;
      next = this.value(next, depth + 1, role === Role.Events ? Role.Event : Role.Other);
      if (next < 0) return -1;
      if (this.bytes[next] === CLOSE_ARRAY) return next + 1;
      if (this.bytes[next] !== COMMA) return -1;
      next += 1;
    }
  }

  /** A string as JSON.stringify writes it: no control character, and only the escapes it writes. */
  private string(at: number): number {
    const { bytes } = this;
    const length = bytes.length;
    for (let next = at + 1; next < length; next += 1) {
      const byte = bytes[next];
      // Most bytes are neither a quote, a backslash nor below the space: one test lets them by.
      if (byte > QUOTE && byte !== BACKSLASH) continue;
      if (byte === QUOTE) return next + 1;
      if (byte < 0x20) return -1;
      if (byte === BACKSLASH) {
        if (!SHORT_ESCAPES.has(bytes[next + 1])) return -1;
        next += 1;
      }
    }
    return -1;
  }

  /** A number as JSON's grammar allows it and as JavaScript prints it (which also makes it finite). */
  private number(at: number): number {
    const { bytes } = this;
    let next = at;
    if (bytes[next] === MINUS) next += 1;
    if (bytes[next] === ZERO) next += 1;
    else if (isDigit(bytes[next])) while (isDigit(bytes[next])) next += 1;
    else return -1;
    let integer = true;
    if (bytes[next] === DOT) {
      integer = false;
      next += 1;
      if (!isDigit(bytes[next])) return -1;
      while (isDigit(bytes[next])) next += 1;
    }
    if (bytes[next] === 0x65 || bytes[next] === 0x45) {
      integer = false;
      next += 1;
      if (bytes[next] === PLUS || bytes[next] === MINUS) next += 1;
      if (!isDigit(bytes[next])) return -1;
      while (isDigit(bytes[next])) next += 1;
    }
    // Up to 15 characters an integer is exact and prints as written, but for -0, which prints as 0.
    if (integer && next - at <= 15 && !(bytes[at] === MINUS && bytes[at + 1] === ZERO)) return next;
    const text = bytes.toString('latin1', at, next);
    return String(Number(text)) === text ? next : -1;
  }

  /** The key in [start, end) is none that JSON.parse, checkBodyShape or V8 treats apart. */
  private isOrdinaryKey(start: number, end: number): boolean {
    const { bytes } = this;
    let digits = true;
    for (let index = start; index < end && digits; index += 1) digits = isDigit(bytes[index]);
    if (digits) return false;
    for (let index = 0; index < PROTOTYPE_KEY_BYTES.length; index += 1)
      if (this.isKey(start, end, PROTOTYPE_KEY_BYTES[index])) return false;
    return true;
  }

  /** The key in [start, end) is not one of the object's earlier keys, which it joins. */
  private isNewKey(start: number, end: number, keysFrom: number): boolean {
    const { keys } = this;
    const length = end - start;
    for (let index = keysFrom; index < this.keysTop; index += 2) {
      if (keys[index + 1] - keys[index] === length && this.sameBytes(keys[index], start, length)) return false;
    }
    keys[this.keysTop] = start;
    keys[this.keysTop + 1] = end;
    this.keysTop += 2;
    return true;
  }

  /** The object's keys so far, each as its bytes read one character a byte. */
  private keyNames(keysFrom: number): Set<string> {
    const names = new Set<string>();
    for (let index = keysFrom; index < this.keysTop; index += 2)
      names.add(this.bytes.toString('latin1', this.keys[index], this.keys[index + 1]));
    return names;
  }

  /** The field of the body that the key in [start, end) names, where its role (Body or Event) makes it one. */
  private fieldOf(role: Role, start: number, end: number): 'events' | 'data' | 'metadata' | undefined {
    if (role === Role.Body) return this.isKey(start, end, EVENTS) ? 'events' : undefined;
    if (role !== Role.Event) return undefined;
    if (this.isKey(start, end, DATA)) return 'data';
    return this.isKey(start, end, METADATA) ? 'metadata' : undefined;
  }

  /** The key in [start, end) is `name`. */
  private isKey(start: number, end: number, name: Buffer): boolean {
    return end - start === name.length && this.startsWith(start, name);
  }

  private sameBytes(first: number, second: number, length: number): boolean {
    for (let index = 0; index < length; index += 1) if (this.bytes[first + index] !== this.bytes[second + index]) return false;
    return true;
  }

  private startsWith(at: number, expected: Buffer): boolean {
    for (let index = 0; index < expected.length; index += 1) if (this.bytes[at + index] !== expected[index]) return false;
    return true;
  }
}
