import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components';
import { FormError } from '../format';

/** Events on a page of a stream. */
export const PAGE_SIZE = 50;

/** A page's start: `at` undefined is the newest end (newest first) or position 0 (oldest first). */
export interface PageLink {
  at: number | undefined;
}

/** Where First, Previous, Next and Last page lead from the page shown; absent where the page already is. */
export function pageLinks(
  order: 'newest' | 'oldest',
  at: number | undefined,
  version: number,
  first: number,
  last: number,
  hasMore: boolean,
): Partial<Record<'first' | 'previous' | 'next' | 'last', PageLink>> {
  if (order === 'newest') {
    const previous = first + PAGE_SIZE;
    const notNewest = at !== undefined && first < version - 1;
    const more = hasMore && last > 0;
    return {
      ...(notNewest && { first: { at: undefined }, previous: { at: previous >= version - 1 ? undefined : previous } }),
      ...(more && { next: { at: last - 1 }, last: { at: Math.min(PAGE_SIZE - 1, version - 1) } }),
    };
  }
  const notOldest = first > 0 && (at ?? 0) > 0;
  return {
    ...(notOldest && { first: { at: undefined }, previous: { at: Math.max(0, first - PAGE_SIZE) } }),
    ...(hasMore && { next: { at: last + 1 }, last: { at: Math.max(0, version - PAGE_SIZE) } }),
  };
}

/** Opens the page that starts at a stream position, with that event open: a 10,000-event stream is 200 pages. */
export function GoToPosition({ version, onGo }: { version: number; onGo: (position: number) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<FormError | undefined>();
  return (
    <form
      class="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const position = Number(text.trim());
        if (text.trim() === '' || !Number.isInteger(position) || position < 0 || position >= version) {
          setError(new FormError(`Enter a position from 0 to ${version - 1}`));
          return;
        }
        setError(undefined);
        onGo(position);
      }}
    >
      <label class="inline">
        Position
        <input
          inputMode="numeric"
          size={8}
          value={text}
          placeholder={`0–${version - 1}`}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="secondary">
        Go to position
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}
