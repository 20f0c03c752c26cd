import { EventStoreError, type StoredEvent, UnauthorizedError, ValidationError } from '@event-store-service/client';
import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { formatTime } from './format';
import { SessionContext } from './session';

/** The stream id the service gives events appended without a stream (DCB appends). */
export const DCB_STREAM_ID = '__dcb__';

/** What went wrong, in words, with the service's code: never a blank page. */
export function ErrorMessage({ error, what }: { error: unknown; what?: string }) {
  const session = useContext(SessionContext);
  if (error === undefined || error === null) return null;
  const heading = what ? `${what} failed` : 'Something went wrong';
  if (error instanceof EventStoreError) {
    const fields = error instanceof ValidationError ? error.fields : [];
    return (
      <div class="error" role="alert">
        <p>
          <strong>{heading}:</strong> {explain(error)} <code class="code">{error.code}</code>
        </p>
        {fields.length > 0 && (
          <ul>
            {fields.map(({ field, message }) => (
              <li key={field}>
                <code>{field}</code>: {message}
              </li>
            ))}
          </ul>
        )}
        {error instanceof UnauthorizedError && session && (
          <p>
            <button type="button" onClick={() => session.signOut('The service no longer accepts that API key. Sign in with another.')}>
              Sign in again
            </button>
          </p>
        )}
        {error.requestId && <p class="muted">Request id {error.requestId}</p>}
      </div>
    );
  }
  return (
    <div class="error" role="alert">
      <p>
        <strong>{heading}:</strong> {error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)}
      </p>
    </div>
  );
}

function explain(error: EventStoreError): string {
  switch (error.code) {
    case 'FORBIDDEN':
      return `${error.message}: sign in with a key that has it to do this.`;
    case 'NETWORK_ERROR':
    case 'TIMEOUT':
      return `${error.message}. Is the service running?`;
    case 'RATE_LIMITED':
      return `${error.message}${error.retryAfter !== undefined ? ` Try again in ${error.retryAfter} s.` : ''}`;
    default:
      return error.message;
  }
}

/** What an empty list means and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

/** A short-lived confirmation of what an action did. */
export function Notice({ children }: { children: ComponentChildren }) {
  return (
    <div class="notice" role="status">
      {children}
    </div>
  );
}

/** Copies text to the clipboard; says so, or says it could not. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState(copyWithSelection(text) ? 'copied' : 'failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" class="secondary" onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select and copy by hand' : label}
    </button>
  );
}

/** The clipboard API needs a secure context (https or localhost); elsewhere the old way. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** JSON as a tree: objects and arrays fold open and shut (native details/summary, keyboard included). */
export function JsonTree({ value, name, depth = 0 }: { value: unknown; name?: string; depth?: number }) {
  const label = name === undefined ? null : <span class="json-key">{name}: </span>;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      return (
        <div class="json-line">
          {label}
          <span class="json-punct">
            {open}
            {close}
          </span>
        </div>
      );
    }
    return (
      <details class="json-node" open={depth < 3}>
        <summary>
          {label}
          <span class="json-punct">{open}</span>
          <span class="json-count">
            {' '}
            {entries.length} {Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}
          </span>
        </summary>
        <div class="json-children">
          {entries.map(([key, item]) => (
            <JsonTree key={key} name={key} value={item} depth={depth + 1} />
          ))}
        </div>
        <span class="json-punct">{close}</span>
      </details>
    );
  }
  const kind = value === null ? 'null' : typeof value;
  return (
    <div class="json-line">
      {label}
      <span class={`json-${kind}`}>{JSON.stringify(value)}</span>
    </div>
  );
}

/** One event: its ids and positions, tags, data and metadata, foldable and copyable. */
export function EventDetails({ event, onClose }: { event: StoredEvent; onClose?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [event.eventId]);
  return (
    <section class="panel event-details" aria-labelledby="event-details-heading">
      <div class="panel-head">
        <h3 id="event-details-heading" tabIndex={-1} ref={heading}>
          Event {event.globalPosition}: {event.type}
        </h3>
        <div class="actions">
          <CopyButton text={JSON.stringify(event, null, 2)} label="Copy JSON" />
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
      <div class="json" role="group" aria-label="Event data">
        <JsonTree value={event.data} />
      </div>
      <h4>Metadata</h4>
      {event.metadata ? (
        <div class="json" role="group" aria-label="Event metadata">
          <JsonTree value={event.metadata} />
        </div>
      ) : (
        <p class="muted">No metadata.</p>
      )}
    </section>
  );
}

/**
 * A modal confirmation (the native dialog: focus stays inside, Escape cancels). It names what the
 * action will do; the confirming button repeats it.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  busy?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="confirm-heading"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id="confirm-heading">{props.title}</h2>
      {props.children}
      <ErrorMessage error={props.error} />
      <div class="actions">
        <button type="button" class="danger" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/** Previous / next page buttons with what the page shows. */
export function Pager(props: { label: string; summary: string; onPrevious?: () => void; onNext?: () => void; onFirst?: () => void }) {
  return (
    <nav class="pager" aria-label={props.label}>
      {props.onFirst && (
        <button type="button" class="secondary" onClick={props.onFirst}>
          First page
        </button>
      )}
      <button type="button" class="secondary" disabled={!props.onPrevious} onClick={props.onPrevious}>
        Previous page
      </button>
      <span class="muted">{props.summary}</span>
      <button type="button" class="secondary" disabled={!props.onNext} onClick={props.onNext}>
        Next page
      </button>
    </nav>
  );
}
