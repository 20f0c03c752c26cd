import { type ExpectedStreamVersion, VersionConflictError } from '@event-store-service/client';
import { useState } from 'preact/hooks';
import { ErrorMessage, Notice } from '../components';
import { FormError, parseJsonObject, splitList } from '../format';
import { useAction } from '../hooks';
import { useSession } from '../session';

function parseExpected(text: string): ExpectedStreamVersion | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (value === 'any' || value === 'no_stream' || value === 'stream_exists') return value;
  if (/^\d+$/.test(value)) return Number(value);
  throw new FormError('Expected version must be a number, any, no_stream or stream_exists');
}

/**
 * Appends one event. The expected version starts at the stream's version as shown, so an append
 * made on a stale page is refused with a version conflict instead of silently landing after
 * events the user has not seen.
 */
export function AppendForm(props: {
  store: string;
  streamId: string;
  version: number | null | undefined;
  onAppended: (position: number) => void;
  onStale: () => void;
}) {
  const { client } = useSession();
  const [type, setType] = useState('');
  const [data, setData] = useState('{\n  \n}');
  const [metadata, setMetadata] = useState('');
  const [tags, setTags] = useState('');
  const [expected, setExpected] = useState('');
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const shownVersion = props.version === null ? 'no_stream' : props.version === undefined ? '' : String(props.version);
  // Until the user edits it, the field is the stream's version as shown, from the first render (an effect
  // copying it in left the field empty for a frame, which a quick user or test could read).
  const expectedVersion = touched ? expected : shownVersion;

  const append = useAction(async () => {
    setNotice(undefined);
    if (type.trim() === '') throw new FormError('Enter the event type');
    const event = {
      type: type.trim(),
      data: parseJsonObject(data, 'Data'),
      ...(metadata.trim() !== '' && { metadata: parseJsonObject(metadata, 'Metadata') }),
      ...(splitList(tags).length > 0 && { tags: splitList(tags) }),
    };
    const expectedStreamVersion = parseExpected(expectedVersion);
    const result = await client
      .store(props.store)
      .appendToStream(props.streamId, [event], expectedStreamVersion === undefined ? {} : { expectedStreamVersion });
    setNotice(`Appended ${event.type} at stream position ${result.streamVersion - 1} (global position ${result.globalPosition}).`);
    setTouched(false);
    props.onAppended(result.streamVersion - 1);
  });

  const conflict = append.error instanceof VersionConflictError ? append.error : undefined;
  return (
    <section class="panel" aria-labelledby="append-heading">
      <h3 id="append-heading">Append an event</h3>
      <form
        class="form grid"
        onSubmit={(event) => {
          event.preventDefault();
          void append.run();
        }}
      >
        <label>
          Event type
          <input name="type" required value={type} placeholder="order.created" onInput={(event) => setType(event.currentTarget.value)} />
        </label>
        <div class="field">
          <label>
            Expected version
            <input
              name="expectedVersion"
              value={expectedVersion}
              aria-describedby="expected-hint"
              onInput={(event) => {
                setTouched(true);
                setExpected(event.currentTarget.value);
              }}
            />
          </label>
          <span id="expected-hint" class="hint">
            The stream's version as you saw it; or any, no_stream, stream_exists
          </span>
        </div>
        <label class="wide">
          Data (JSON)
          <textarea name="data" rows={6} spellcheck={false} value={data} onInput={(event) => setData(event.currentTarget.value)} />
        </label>
        <label class="wide">
          Metadata (JSON, optional)
          <textarea
            name="metadata"
            rows={3}
            spellcheck={false}
            value={metadata}
            placeholder='{ "correlationId": "…" }'
            onInput={(event) => setMetadata(event.currentTarget.value)}
          />
        </label>
        <label class="wide">
          Tags (comma-separated, optional)
          <input name="tags" value={tags} placeholder="customer:c-7, order:1001" onInput={(event) => setTags(event.currentTarget.value)} />
        </label>
        <div class="actions wide">
          <button type="submit" disabled={append.busy}>
            Append event
          </button>
        </div>
      </form>
      {notice && <Notice>{notice}</Notice>}
      {conflict ? (
        <div class="error" role="alert">
          <p>
            <strong>Version conflict:</strong> you expected version {String(conflict.expectedStreamVersion)}, but the stream is at version{' '}
            {String(conflict.streamVersion)}. Someone appended since you looked: nothing was written. Read the new events, then append
            again. <code class="code">{conflict.code}</code>
          </p>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setExpected(String(conflict.streamVersion ?? ''));
              setTouched(true);
              append.clearError();
              props.onStale();
            }}
          >
            Show the new events and expect version {String(conflict.streamVersion)}
          </button>
        </div>
      ) : (
        <ErrorMessage error={append.error} what="Appending" />
      )}
    </section>
  );
}
