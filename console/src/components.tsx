import { EventStoreError, UnauthorizedError, ValidationError } from '@event-store-service/client';
import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { Link, pathOf } from './router';
import { SessionContext } from './session';

/** The stream id the service gives events appended without a stream (DCB appends). */
export const DCB_STREAM_ID = '__dcb__';

/** Where an event was appended: a link to its stream, "DCB event", or a dash when the event is gone. */
export function StreamLink({ store, streamId }: { store: string; streamId: string | null }) {
  if (streamId === null) return <span class="muted">—</span>;
  if (streamId === DCB_STREAM_ID) return <span class="muted">DCB event</span>;
  return <Link href={pathOf(['stores', store, 'streams', streamId])}>{streamId}</Link>;
}

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

/** Copies text to the clipboard; says so, or says it could not. A function is called only on a click (a large event's JSON, say). */
export function CopyButton({ text: source, label }: { text: string | (() => string); label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    const text = typeof source === 'function' ? source() : source;
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

/**
 * Previous / next page buttons with what the page shows. With `jumps`, First and Last page are always
 * offered (disabled where the list already is); otherwise First page shows only when given.
 */
export function Pager(props: {
  label: string;
  summary: string;
  onPrevious?: () => void;
  onNext?: () => void;
  onFirst?: () => void;
  onLast?: () => void;
  jumps?: boolean;
}) {
  return (
    <nav class="pager" aria-label={props.label}>
      {(props.jumps || props.onFirst) && (
        <button type="button" class="secondary" disabled={!props.onFirst} onClick={props.onFirst}>
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
      {props.jumps && (
        <button type="button" class="secondary" disabled={!props.onLast} onClick={props.onLast}>
          Last page
        </button>
      )}
    </nav>
  );
}
