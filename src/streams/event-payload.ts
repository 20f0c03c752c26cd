import type { NewEvent } from './event-log';

/** DECISIONS §3: the size of an event is its compact JSON data and metadata in UTF-8 bytes. */
const sizeOf = (event: NewEvent) =>
  Buffer.byteLength(JSON.stringify(event.data)) + (event.metadata ? Buffer.byteLength(JSON.stringify(event.metadata)) : 0);

/** The JSON array the append functions take: the submitted fields plus each event's size. */
export function eventPayload(events: NewEvent[]): string {
  return JSON.stringify(
    events.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: event.metadata ?? undefined,
      // A tag either is on an event or is not: duplicates in the request are stored once.
      tags: event.tags && [...new Set(event.tags)],
      schemaVersion: event.schemaVersion,
      sizeBytes: sizeOf(event),
    })),
  );
}
