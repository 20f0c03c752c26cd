import { setImmediate as nextTurn } from 'node:timers/promises';
import type { NewEvent } from './append-request';

/**
 * Serialising an append's events pauses for a turn of the event loop after this many characters:
 * a 10 MB append takes about 100 ms to serialise, which in one go would hold up every other
 * tenant's requests that long; in slices of about 5 ms, they are served in between. An append of a
 * few events never pauses.
 */
export const SERIALISED_CHARACTERS_PER_TURN = 512 * 1024;

/**
 * The events of an append as `append_batch` takes them (a JSON array of the submitted fields, each
 * with its `sizeBytes`, and `data` and `metadata` as strings holding their compact JSON), and their total size, which DECISIONS §3 defines as the UTF-8 bytes of each
 * event's compact JSON data and metadata. Each part is serialised once, and the size measured from
 * those strings: the store's function takes the sizes as given rather than measuring them again
 * under the store's lock, and keeps each event's for the reads' page budget and for retention, which
 * counts a deleted event out with the size it was counted in with (delete-expired-events.sql.ts).
 */
export async function eventPayload(events: NewEvent[]): Promise<{ json: string; sizeBytes: number }> {
  let sizeBytes = 0;
  let sinceTurn = 0;
  const parts: string[] = [];
  for (const event of events) {
    const data = JSON.stringify(event.data);
    const metadata = event.metadata ? JSON.stringify(event.metadata) : undefined;
    const eventSize = serialisedSize(data, metadata);
    sizeBytes += eventSize;
    // A tag either is on an event or is not: duplicates in the request are stored once.
    const scalars = JSON.stringify({
      type: event.type,
      tags: event.tags && [...new Set(event.tags)],
      schemaVersion: event.schemaVersion,
      sizeBytes: eventSize,
    });
    // The payloads travel as JSON strings of their text: PostgreSQL stores that text as it is (json,
    // not jsonb), so reads send back exactly what was measured here, without parsing it.
    const part = `${scalars.slice(0, -1)},"data":${JSON.stringify(data)}${metadata ? `,"metadata":${JSON.stringify(metadata)}` : ''}}`;
    parts.push(part);
    sinceTurn += part.length;
    if (sinceTurn >= SERIALISED_CHARACTERS_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return { json: `[${parts.join(',')}]`, sizeBytes };
}

const serialisedSize = (data: string, metadata: string | undefined) =>
  Buffer.byteLength(data) + (metadata ? Buffer.byteLength(metadata) : 0);
