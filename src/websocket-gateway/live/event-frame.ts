import type { StoredEventResponseDto } from '../../event-log/dto/stored-event.response.dto';

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

/** The spec's event frame fields (spec §2, DECISIONS §9), and nothing else. */
export function toFeedEvent(event: StoredEventResponseDto): FeedEvent {
  const { streamId, streamPosition, globalPosition, eventId, type, data, createdAt } = event;
  return { globalPosition, type, json: JSON.stringify({ streamId, streamPosition, globalPosition, eventId, type, data, createdAt }) };
}

export function eventFrame(subscriptionId: string, event: FeedEvent): string {
  return `{"type":"event","subscriptionId":${JSON.stringify(subscriptionId)},"event":${event.json}}`;
}
