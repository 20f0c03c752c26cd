import type { CurrentApiKey } from '@event-store-service/client';
import type { ComponentChildren } from 'preact';
import { useEffect, useErrorBoundary, useMemo, useRef, useState } from 'preact/hooks';
import { EmptyState, ErrorMessage } from './components';
import { Link, navigate, pathOf, useRoute } from './router';
import { createClient, forgetKey, type Scope, type Session, SessionContext, storedKey, useSession } from './session';
import { SignIn } from './views/sign-in';
import { ConnectionsView } from './views/connections';
import { ConsumerView } from './views/consumer';
import { ConsumersView } from './views/consumers';
import { EventsView } from './views/events';
import { LiveView } from './views/live';
import { OverviewView } from './views/overview';
import { QueryView } from './views/query';
import { StoresView } from './views/stores';
import { StreamView } from './views/stream';
import { StreamsView } from './views/streams';
import { SubscriptionView } from './views/subscription';
import { SubscriptionsView } from './views/subscriptions';

interface SignedIn {
  apiKey: string;
  key: CurrentApiKey;
}

export function App() {
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  // A key kept from earlier in this tab is checked again before anything is shown with it.
  const [checking, setChecking] = useState(() => storedKey() !== null);

  const session = useMemo<Session | null>(() => {
    if (!signedIn) return null;
    return {
      apiKey: signedIn.apiKey,
      key: signedIn.key,
      client: createClient(signedIn.apiKey),
      can: (scope: Scope) => signedIn.key.scopes.includes(scope),
      signOut: (reason?: string) => {
        forgetKey();
        setSignedIn(null);
        setMessage(reason);
      },
    };
  }, [signedIn]);

  if (!session) {
    return (
      <SignIn
        message={message}
        checking={checking}
        onChecked={() => setChecking(false)}
        onSignedIn={(apiKey, key) => {
          setMessage(undefined);
          setChecking(false);
          setSignedIn({ apiKey, key });
        }}
      />
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Shell />
    </SessionContext.Provider>
  );
}

function Shell() {
  const route = useRoute();
  const [first, store, section, item] = route.segments;

  useEffect(() => {
    if (route.segments.length === 0) navigate('/stores', { replace: true });
  }, [route.segments.length]);

  // Moves focus to the new view's heading after a navigation, as a page load would.
  const main = useRef<HTMLElement>(null);
  const path = route.segments.join('/');
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path]);

  let content: ComponentChildren;
  if (first === 'stores' && store === undefined) content = <StoresView />;
  else if (first === 'stores' && store !== undefined)
    content = <StoreSection store={store} section={section} item={item} rest={route.segments.length} />;
  else if (route.segments.length === 0) content = null;
  else content = <NotFound />;

  return (
    <>
      <Header />
      <main id="main" ref={main}>
        <ViewBoundary key={path}>{content}</ViewBoundary>
      </main>
    </>
  );
}

/** A view that throws while rendering says so instead of leaving a blank page; another view starts afresh. */
function ViewBoundary({ children }: { children: ComponentChildren }) {
  const [error] = useErrorBoundary();
  if (error) {
    return (
      <>
        <ErrorMessage error={error} what="Showing this page" />
        <p>
          Reload the page, or go to the <Link href="/stores">list of stores</Link>.
        </p>
      </>
    );
  }
  return <>{children}</>;
}

function Header() {
  const { key, signOut } = useSession();
  return (
    <header class="top">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <Link href="/stores" class="brand">
        Event Store console
      </Link>
      <span class="who">
        Key{' '}
        <strong class="name" title={key.apiKeyId}>
          {key.apiKeyName}
        </strong>{' '}
        · tenant{' '}
        <strong class="name" title={key.tenantId}>
          {key.tenantName}
        </strong>{' '}
        · scopes{' '}
        <span aria-label={`Scopes: ${key.scopes.join(', ')}`}>
          {key.scopes.map((scope) => (
            <span key={scope} class="scope">
              {scope}
            </span>
          ))}
        </span>
      </span>
      <button type="button" class="secondary" onClick={() => signOut('Signed out. The API key was removed from this tab.')}>
        Sign out
      </button>
    </header>
  );
}

const SECTIONS = [
  ['', 'Overview'],
  ['streams', 'Streams'],
  ['events', 'Events'],
  ['query', 'Query'],
  ['live', 'Live'],
  ['subscriptions', 'Subscriptions'],
  ['consumers', 'Consumers'],
  ['connections', 'Connections'],
] as const;

function StoreSection({ store, section, item, rest }: { store: string; section?: string; item?: string; rest: number }) {
  const current = section ?? '';
  let content: ComponentChildren;
  if (current === '' && rest === 2) content = <OverviewView store={store} />;
  else if (current === 'streams' && item === undefined) content = <StreamsView store={store} />;
  else if (current === 'streams' && item !== undefined && rest === 4) content = <StreamView store={store} streamId={item} />;
  else if (current === 'events' && rest === 3) content = <EventsView store={store} />;
  else if (current === 'query' && rest === 3) content = <QueryView store={store} />;
  else if (current === 'live' && rest === 3) content = <LiveView store={store} />;
  else if (current === 'subscriptions' && item === undefined) content = <SubscriptionsView store={store} />;
  else if (current === 'subscriptions' && item !== undefined && rest === 4)
    content = <SubscriptionView store={store} subscriptionId={item} />;
  else if (current === 'consumers' && item === undefined) content = <ConsumersView store={store} />;
  else if (current === 'consumers' && item !== undefined && rest === 4) content = <ConsumerView store={store} name={item} />;
  else if (current === 'connections' && rest === 3) content = <ConnectionsView store={store} />;
  else content = <NotFound />;

  return (
    <>
      <p class="breadcrumbs">
        <Link href="/stores">Stores</Link> / <span>{store}</span>
      </p>
      <h1 tabIndex={-1}>{store}</h1>
      <nav class="tabs" aria-label="Store sections">
        {SECTIONS.map(([path, label]) => (
          <Link key={path} href={pathOf(['stores', store, ...(path ? [path] : [])])} aria-current={current === path ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {content}
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <EmptyState title="The console has no page at this address.">
        <p>
          Go to the <Link href="/stores">list of stores</Link>.
        </p>
      </EmptyState>
    </>
  );
}
