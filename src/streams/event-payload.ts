import type { NewEvent } from './append/append-request';

/**
 * The JSON array the append functions take: the submitted fields plus each event's size, which
 * DECISIONS §3 defines as the UTF-8 bytes of its compact JSON data and metadata. Each part is
 * serialised once and the array assembled from those strings: measuring the size and building the
 * payload used to serialise every event twice on the write path.
 */
export function eventPayload(events: NewEvent[]): string {
  return `[${events.map(eventJson).join(',')}]`;
}

/**
 * DECISIONS §3's size of an event. The retention sweep measures deleted events with it again: JSON
 * read back from jsonb has the same values (only key order may differ), so the same bytes.
 */
export function eventSizeBytes(data: object, metadata: object | null | undefined): number {
  return serialisedSize(JSON.stringify(data), metadata ? JSON.stringify(metadata) : undefined);
}

const serialisedSize = (data: string, metadata: string | undefined) => Buffer.byteLength(data) + (metadata ? Buffer.byteLength(metadata) : 0);

function eventJson(event: NewEvent): string {
  const data = JSON.stringify(event.data);
  const metadata = event.metadata ? JSON.stringify(event.metadata) : undefined;
  const sizeBytes = serialisedSize(data, metadata);
  // A tag either is on an event or is not: duplicates in the request are stored once.
  const scalars = JSON.stringify({
    type: event.type,
    tags: event.tags && [...new Set(event.tags)],
    schemaVersion: event.schemaVersion,
    sizeBytes,
  });
  return `${scalars.slice(0, -1)},"data":${data}${metadata ? `,"metadata":${metadata}` : ''}}`;
}
