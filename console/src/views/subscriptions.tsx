import type {
  SubscriptionInfo,
  SubscriptionPosition,
  WebhookSubscriptionCreated,
  WebhookSubscriptionInput,
} from '@event-store-service/client';
import { useState } from 'preact/hooks';
import { ConfirmDialog, CopyButton, EmptyState, ErrorMessage, Loading, Notice } from '../components';
import { formatNumber, formatTime, FormError, parseJsonObject } from '../format';
import { listAll, useAction, useResource, useTitle } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';
import { lagOf, lastPosition, REFRESH_MS, useEvery } from './delivery-health';

/** Webhook subscriptions (and those of open WebSockets) with their health; create and delete them. */
export function SubscriptionsView({ store }: { store: string }) {
  useTitle('Subscriptions', store);
  const { client, can } = useSession();
  const [deleting, setDeleting] = useState<SubscriptionInfo | null>(null);
  const [created, setCreated] = useState<WebhookSubscriptionCreated | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const list = useResource(
    async (signal) => {
      const [subscriptions, position] = await Promise.all([
        listAll(client.store(store).listSubscriptions({ signal })),
        lastPosition(client, store, signal),
      ]);
      return { subscriptions, position };
    },
    [store],
  );
  useEvery(list.reload, REFRESH_MS);

  const remove = useAction(async (subscription: SubscriptionInfo) => {
    await client.store(store).deleteSubscription(subscription.subscriptionId);
    setDeleting(null);
    setNotice(`Deleted the subscription ${subscription.subscriptionId}.`);
    list.reload();
  });

  const data = list.data;
  return (
    <>
      <h2>Subscriptions</h2>
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={list.error} what="Loading the subscriptions" />
      {!data && list.loading && <Loading what="subscriptions" />}
      {data && data.subscriptions.length === 0 && (
        <EmptyState title="No subscriptions yet.">
          <p>
            {can('admin')
              ? 'Create a webhook subscription below: the worker will POST every matching event to its URL, in order, signed.'
              : 'Webhook subscriptions are created with an admin key.'}{' '}
            WebSocket subscriptions show here while their socket is open (see Live).
          </p>
        </EmptyState>
      )}
      {data && data.subscriptions.length > 0 && (
        <table>
          <caption>Subscriptions of {store}</caption>
          <thead>
            <tr>
              <th scope="col">Subscription</th>
              <th scope="col">Target</th>
              <th scope="col">Filter</th>
              <th scope="col">Status</th>
              <th scope="col" class="num">
                Lag
              </th>
              <th scope="col" class="num">
                Failed deliveries
              </th>
              <th scope="col">Last attempt</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {data.subscriptions.map((subscription) => (
              <tr key={subscription.subscriptionId}>
                <td>
                  {subscription.subscriberType === 'webhook' ? (
                    <Link href={pathOf(['stores', store, 'subscriptions', subscription.subscriptionId])}>
                      {subscription.subscriptionId}
                    </Link>
                  ) : (
                    <code>{subscription.subscriptionId}</code>
                  )}
                </td>
                <td class="wrap">
                  {subscription.subscriberType === 'webhook' ? (
                    subscription.subscriberConfig.url
                  ) : (
                    <>
                      WebSocket of <code>{subscription.subscriberConfig.clientId}</code>
                    </>
                  )}
                </td>
                <td>
                  <code>{subscription.eventFilter}</code>
                </td>
                <td>{subscription.status}</td>
                <td class="num">{formatNumber(lagOf(subscription, data.position))}</td>
                <td class="num">{formatNumber(subscription.failedDeliveries)}</td>
                <td>{formatTime(subscription.lastDeliveryAttempt)}</td>
                {can('admin') && (
                  <td>
                    <button
                      type="button"
                      class="danger small"
                      aria-label={`Delete subscription ${subscription.subscriptionId}`}
                      onClick={() => setDeleting(subscription)}
                    >
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {created && (
        <section class="panel secret" aria-labelledby="secret-heading">
          <h3 id="secret-heading">Subscription {created.subscriptionId} created</h3>
          {created.subscriberConfig.secret ? (
            <>
              <p>
                Its signing secret, shown <strong>only this once</strong>: give it to the receiver, which verifies each delivery with it.
              </p>
              <div class="actions">
                <label class="inline">
                  Signing secret
                  <input class="secret-value" readOnly value={created.subscriberConfig.secret} size={60} />
                </label>
                <CopyButton text={created.subscriberConfig.secret} label="Copy secret" />
              </div>
            </>
          ) : (
            <p>
              {created.isExistingSubscription
                ? 'An identical subscription already existed: this is it.'
                : 'It signs with the secret you gave.'}
            </p>
          )}
          <button type="button" class="secondary" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </section>
      )}
      {can('admin') && (
        <CreateSubscriptionForm
          store={store}
          onCreated={(subscription) => {
            setCreated(subscription);
            list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the subscription ${deleting.subscriptionId}?`}
          confirmLabel="Delete subscription"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => void remove.run(deleting)}
          onCancel={() => {
            remove.clearError();
            setDeleting(null);
          }}
        >
          <p>
            {deleting.subscriberType === 'webhook'
              ? `Deliveries to ${deleting.subscriberConfig.url} stop, and its dead letters are deleted.`
              : 'The WebSocket stays open; its client subscribes again if it wants to.'}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function CreateSubscriptionForm({ store, onCreated }: { store: string; onCreated: (created: WebhookSubscriptionCreated) => void }) {
  const { client } = useSession();
  const [url, setUrl] = useState('');
  const [eventFilter, setEventFilter] = useState('*');
  const [start, setStart] = useState<'latest' | 'beginning' | 'position'>('latest');
  const [position, setPosition] = useState('');
  const [maxRetries, setMaxRetries] = useState('3');
  const [initialBackoffMs, setInitialBackoffMs] = useState('1000');
  const [backoffMultiplier, setBackoffMultiplier] = useState('2');
  const [headers, setHeaders] = useState('');
  const create = useAction(async () => {
    const number = (text: string, field: string) => {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new FormError(`${field} must be a number of at least 0`);
      return value;
    };
    const startAt: SubscriptionPosition = start === 'position' ? number(position, 'Start position') : start;
    const input: WebhookSubscriptionInput = {
      url: url.trim(),
      eventFilter: eventFilter.trim(),
      position: startAt,
      retryPolicy: {
        maxRetries: number(maxRetries, 'Max retries'),
        initialBackoffMs: number(initialBackoffMs, 'Initial backoff'),
        backoffMultiplier: number(backoffMultiplier, 'Backoff multiplier'),
      },
      ...(headers.trim() !== '' && { headers: parseJsonObject(headers, 'Headers') as Record<string, string> }),
    };
    const created = await client.store(store).createWebhookSubscription(input);
    setUrl('');
    onCreated(created);
  });
  return (
    <section class="panel" aria-labelledby="create-subscription-heading">
      <h3 id="create-subscription-heading">Create a webhook subscription</h3>
      <form
        class="form grid"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <label class="wide">
          URL
          <input
            type="url"
            required
            value={url}
            placeholder="https://example.com/hooks/orders"
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </label>
        <label>
          Event filter
          <input required value={eventFilter} onInput={(event) => setEventFilter(event.currentTarget.value)} />
        </label>
        <div class="field">
          <label for="subscription-start">Start from</label>
          <select id="subscription-start" value={start} onChange={(event) => setStart(event.currentTarget.value as typeof start)}>
            <option value="latest">New events only</option>
            <option value="beginning">The first stored event</option>
            <option value="position">After a position</option>
          </select>
        </div>
        {start === 'position' && (
          <label>
            Start position
            <input inputMode="numeric" value={position} onInput={(event) => setPosition(event.currentTarget.value)} />
          </label>
        )}
        <label>
          Max retries
          <input inputMode="numeric" value={maxRetries} onInput={(event) => setMaxRetries(event.currentTarget.value)} />
        </label>
        <label>
          Initial backoff (ms)
          <input inputMode="numeric" value={initialBackoffMs} onInput={(event) => setInitialBackoffMs(event.currentTarget.value)} />
        </label>
        <label>
          Backoff multiplier
          <input inputMode="decimal" value={backoffMultiplier} onInput={(event) => setBackoffMultiplier(event.currentTarget.value)} />
        </label>
        <label class="wide">
          Headers (JSON, optional)
          <input
            value={headers}
            placeholder='{ "Authorization": "Bearer receiver-token" }'
            onInput={(event) => setHeaders(event.currentTarget.value)}
          />
        </label>
        <div class="actions wide">
          <button type="submit" disabled={create.busy}>
            Create subscription
          </button>
        </div>
      </form>
      <ErrorMessage error={create.error} what="Creating the subscription" />
    </section>
  );
}
