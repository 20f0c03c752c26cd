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

/**
 * Events at least this long (their JSON's UTF-16 length) are sent from one buffer shared by every
 * socket (eventBytes, sent as the middle fragment of each frame): a 1 MiB event for a thousand
 * subscriptions is then 1 MiB of memory, not a gigabyte of copies. Smaller ones are copied into
 * each frame, which costs less than three writes.
 */
export const SHARED_EVENT_MIN_LENGTH = 64 * 1024;

/** The frame of `event` for a subscription, around the event's JSON. */
export const framePrefix = (subscriptionId: string): string =>
  `{"type":"event","subscriptionId":${JSON.stringify(subscriptionId)},"event":`;
export const FRAME_SUFFIX = '}';

export function eventFrame(subscriptionId: string, event: FeedEvent): string {
  return `${framePrefix(subscriptionId)}${event.json}${FRAME_SUFFIX}`;
}

const sharedBytes = new WeakMap<FeedEvent, Buffer>();

/** The event's JSON as UTF-8, made once per event and shared by every frame that carries it. */
export function eventBytes(event: FeedEvent): Buffer {
  let bytes = sharedBytes.get(event);
  if (!bytes) sharedBytes.set(event, (bytes = Buffer.from(event.json)));
  return bytes;
}
