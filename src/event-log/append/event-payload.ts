import { setImmediate as nextTurn } from 'node:timers/promises';
import { JsonText } from '../../common/json/json-text';
import type { NewEvent } from './append-request';

/**
 * Serialising an append's events pauses for a turn of the event loop after this many bytes:
 * a 10 MB append takes about 100 ms to serialise, which in one go would hold up every other
 * tenant's requests that long; in slices of about 5 ms, they are served in between. An append of a
 * few events never pauses.
 */
export const SERIALISED_BYTES_PER_TURN = 512 * 1024;

/** An append's events as `append_batch` takes them (see eventPayload). */
export interface EventPayload {
  /** A JSON array of the events' other fields, each with `sizeBytes`, `dataBytes` and `payloadAt`. */
  json: string;
  /** Every event's data and then metadata, as compact JSON text in UTF-8, one after the other. */
  payload: Buffer;
  /** The length of `payload`: the append's size (DECISIONS §3). */
  sizeBytes: number;
}

/** A value's compact JSON text in UTF-8: the bytes the client sent when they were already that (compactAppendBody). */
const compactJson = (value: object): Buffer => (value instanceof JsonText ? value.bytes : Buffer.from(JSON.stringify(value)));

const NO_METADATA = Buffer.alloc(0);

/**
 * The events of an append as `append_batch` takes them: their data and metadata as compact JSON
 * text, laid end to end in `payload`, which travels to PostgreSQL as bytes; and a small JSON array
 * of their other fields, where each event says where its text lies in the payload (`payloadAt`, in
 * bytes from the append's start) and how long it is (`sizeBytes`, of which `dataBytes` are data; no
 * metadata when they are equal). DECISIONS §3 defines an event's size as those UTF-8 bytes.
 *
 * Each part is serialised once and never escaped again: as strings inside the requests' JSON, every
 * quote of the payloads was escaped here and unescaped by PostgreSQL's jsonb parser, which the insert
 * then parsed once more (a 100-event append of 1 KB events: 0.65–0.95 ms here instead of 1.1–1.2, and
 * 3.9–4.2 ms in append_batch instead of 5.8–6.2). Data and metadata the body brought as compact text
 * are not serialised at all: their bytes are taken as they came. The text stored is the text measured
 * here, and reads send it back as it is. The store's function takes the sizes as given rather than
 * measuring them again under the store's lock, and keeps each event's for the reads' page budget and
 * for retention, which counts a deleted event out with the size it was counted in with
 * (delete-expired-events.sql.ts).
 */
export async function eventPayload(events: NewEvent[]): Promise<EventPayload> {
  let sizeBytes = 0;
  let sinceTurn = 0;
  const heads: string[] = [];
  const texts: Buffer[] = [];
  for (const event of events) {
    const data = compactJson(event.data);
    const metadata = event.metadata ? compactJson(event.metadata) : NO_METADATA;
    const eventBytes = data.length + metadata.length;
    heads.push(
      JSON.stringify({
        type: event.type,
        // A tag either is on an event or is not: duplicates in the request are stored once.
        tags: event.tags && [...new Set(event.tags)],
        schemaVersion: event.schemaVersion,
        sizeBytes: eventBytes,
        dataBytes: data.length,
        payloadAt: sizeBytes,
      }),
    );
    texts.push(data, metadata);
    sizeBytes += eventBytes;
    sinceTurn += eventBytes;
    if (sinceTurn >= SERIALISED_BYTES_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return { json: `[${heads.join(',')}]`, payload: Buffer.concat(texts, sizeBytes), sizeBytes };
}
