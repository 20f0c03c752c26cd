import type { StoredEvent } from '@event-store-service/client';
import { useEffect, useRef } from 'preact/hooks';
import { CopyButton, DCB_STREAM_ID } from './components';
import { formatTime } from './format';
import { JsonView } from './json-tree';

/**
 * One event: its ids and positions, tags, data and metadata, foldable and copyable. Its heading names
 * the position the view lists events by: the stream position on a stream's page, the global one elsewhere.
 */
export function EventDetails({ event, onClose, by = 'global' }: { event: StoredEvent; onClose?: () => void; by?: 'stream' | 'global' }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [event.eventId]);
  return (
    <section class="panel event-details" aria-labelledby="event-details-heading">
      <div class="panel-head">
        <h3 id="event-details-heading" tabIndex={-1} ref={heading}>
          {eventHeading(event, by)}
        </h3>
        <div class="actions">
          <CopyButton text={() => JSON.stringify(event, null, 2)} label="Copy JSON" />
          {onClose && (
            <button type="button" class="secondary" onClick={onClose}>
              Close event
            </button>
          )}
        </div>
      </div>
      <dl class="facts">
        <dt>Stream</dt>
        <dd>
          {event.streamId === DCB_STREAM_ID ? (
            'none: a DCB event, found by its tags'
          ) : (
            <>
              <code>{event.streamId}</code> at position {event.streamPosition}
            </>
          )}
        </dd>
        <dt>Global position</dt>
        <dd>{event.globalPosition}</dd>
        <dt>Event id</dt>
        <dd>
          <code>{event.eventId}</code>
        </dd>
        <dt>Transaction id</dt>
        <dd>
          <code>{event.transactionId}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time> <span class="muted">({event.createdAt})</span>
        </dd>
        <dt>Schema version</dt>
        <dd>{event.schemaVersion}</dd>
        <dt>Tags</dt>
        <dd>
          {event.tags && event.tags.length > 0 ? (
            <ul class="tags">
              {event.tags.map((tag) => (
                <li key={tag}>
                  <code>{tag}</code>
                </li>
              ))}
            </ul>
          ) : (
            'none'
          )}
        </dd>
      </dl>
      <h4>Data</h4>
      <JsonView key={event.eventId} value={event.data} label="Event data" />
      <h4>Metadata</h4>
      {event.metadata ? <JsonView key={event.eventId} value={event.metadata} label="Event metadata" /> : <p class="muted">No metadata.</p>}
    </section>
  );
}

/** `order.created at position 0 of order-1001`, or `order.created at global position 12`. */
export function eventHeading(
  event: { type: string; streamId: string; streamPosition: number; globalPosition: number },
  by: 'stream' | 'global',
): string {
  return by === 'stream' && event.streamId !== DCB_STREAM_ID
    ? `${event.type} at position ${event.streamPosition} of ${event.streamId}`
    : `${event.type} at global position ${event.globalPosition}`;
}
