import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (after an action changed what is shown). */
  reload: () => void;
}

/** Every item of one of the client's lists, for a view that shows them all at once. */
export async function listAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/**
 * Data a view shows: loaded when the view opens and whenever `deps` change, the previous request
 * aborted; the last data stays on screen while the next loads.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: undefined, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ data: undefined, error, loading: false }),
    );
    return () => controller.abort();
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

/** Runs an action (a create, a delete, a replay), keeping its error and whether it is under way. */
export function useAction<Args extends unknown[], T>(action: (...args: Args) => Promise<T>) {
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: undefined });
  const run = async (...args: Args): Promise<T | undefined> => {
    setState({ busy: true, error: undefined });
    try {
      const result = await action(...args);
      setState({ busy: false, error: undefined });
      return result;
    } catch (error) {
      setState({ busy: false, error });
      return undefined;
    }
  };
  return { ...state, run, clearError: () => setState((previous) => ({ ...previous, error: undefined })) };
}

/** Sets the document title for the view shown. */
export function useTitle(...parts: (string | undefined)[]): void {
  const title = [...parts.filter(Boolean), 'Event Store console'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
