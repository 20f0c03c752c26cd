import type { CurrentApiKey } from '@event-store-service/client';
import { UnauthorizedError } from '@event-store-service/client';
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage, Notice } from '../components';
import { useTitle } from '../hooks';
import { createClient, forgetKey, storedKey, storeKey } from '../session';

/**
 * Asks for an API key, checks it with the service (which also says its scopes), and keeps it in
 * this tab's sessionStorage. A key kept from earlier in the tab is checked the same way first.
 */
export function SignIn(props: {
  message?: string;
  checking: boolean;
  onChecked: () => void;
  onSignedIn: (apiKey: string, key: CurrentApiKey) => void;
}) {
  useTitle('Sign in');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const { checking, onChecked, onSignedIn } = props;

  const check = async (candidate: string, signal?: AbortSignal) => {
    const key = await createClient(candidate).currentApiKey({ signal });
    storeKey(candidate);
    onSignedIn(candidate, key);
  };

  useEffect(() => {
    const kept = storedKey();
    if (!checking || kept === null) return;
    const controller = new AbortController();
    check(kept, controller.signal).catch((failure: unknown) => {
      if (controller.signal.aborted) return;
      if (failure instanceof UnauthorizedError) forgetKey();
      setError(failure);
      onChecked();
    });
    return () => controller.abort();
    // Only on the first render: the kept key is checked once.
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    const candidate = apiKey.trim();
    if (candidate === '') {
      setError(new Error('Enter an API key (it starts with esk_).'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await check(candidate);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  if (checking) {
    return (
      <main id="main" class="sign-in">
        <p role="status">Checking the API key kept in this tab…</p>
      </main>
    );
  }
  return (
    <main id="main" class="sign-in">
      <h1>Sign in</h1>
      <p>
        The Event Store console acts with an API key of your tenant. It keeps the key in this browser tab only (session storage) until you
        sign out or close the tab. What you can do depends on the key's scopes: <code>read</code> to look, <code>write</code> to append,{' '}
        <code>admin</code> to create and delete stores, subscriptions and connections.
      </p>
      {props.message && <Notice>{props.message}</Notice>}
      <form onSubmit={(event) => void submit(event)} class="form narrow">
        <label>
          API key
          <input
            type="password"
            name="apiKey"
            autoComplete="off"
            spellcheck={false}
            placeholder="esk_…"
            value={apiKey}
            onInput={(event) => setApiKey(event.currentTarget.value)}
            required
          />
        </label>
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
      <ErrorMessage error={error} what="Signing in" />
      <p class="muted">
        No key yet? <code>npm start</code> prints a development key; an operator creates others with{' '}
        <code>npm run cli -- api-keys:create &lt;tenantId&gt;</code> or <code>POST /admin/tenants/&lt;tenantId&gt;/api-keys</code>.
      </p>
    </main>
  );
}
