/**
 * An event as the feed hands it to subscriptions: its JSON for the frame (spec §2, DECISIONS §9:
 * streamId, streamPosition, globalPosition, eventId, type, data, createdAt), written once by
 * PostgreSQL (EventLogReader.readMatchingAfter in shape `frame`), whatever the number of sockets.
 */
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

export function eventFrame(subscriptionId: string, event: FeedEvent): string {
  return `{"type":"event","subscriptionId":${JSON.stringify(subscriptionId)},"event":${event.json}}`;
}
