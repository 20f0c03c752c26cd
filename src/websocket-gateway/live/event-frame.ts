import type { StoredEventResponseDto } from '../../streams/dto/stored-event.response.dto';

/** An event as the feed hands it to subscriptions: its JSON for the frame is built once, whatever the number of sockets. */
export interface FeedEvent {
  globalPosition: number;
  type: string;
  json: string;
}

/** Events read in one go, and the position up to which the store was read (events in between did not exist or match). */
export interface FeedBatch {
  events: FeedEvent[];
  upTo: number;
}

/** A page of events read after some position, with the store's last position in the same snapshot (EventLog.readMatchingAfter). */
export interface FeedPage {
  events: { globalPosition: number }[];
  lastPosition: number;
}

/**
 * Whether a page saw the store up to its end as of its snapshot. A page may stop early, at its
 * event count or at a byte budget, so its length says nothing; but an empty page, or one whose last
 * event is the store's last position, left nothing behind up to `lastPosition`. Otherwise the reader
 * reads on after the page's last event (for a filtered read, once more, to find the rest empty).
 */
export function reachedEnd({ events, lastPosition }: FeedPage): boolean {
  return events.length === 0 || events[events.length - 1].globalPosition >= lastPosition;
}

/** The spec's event frame fields (spec §2, DECISIONS §9), and nothing else. */
export function toFeedEvent(event: StoredEventResponseDto): FeedEvent {
  const { streamId, streamPosition, globalPosition, eventId, type, data, createdAt } = event;
  return { globalPosition, type, json: JSON.stringify({ streamId, streamPosition, globalPosition, eventId, type, data, createdAt }) };
}

export function eventFrame(subscriptionId: string, event: FeedEvent): string {
  return `{"type":"event","subscriptionId":${JSON.stringify(subscriptionId)},"event":${event.json}}`;
}
