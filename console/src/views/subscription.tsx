import { useState } from 'preact/hooks';
import { ConfirmDialog, ErrorMessage, Loading } from '../components';
import { formatNumber, formatTime } from '../format';
import { listAll, useAction, useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf } from '../router';
import { useSession } from '../session';
import { DeadLetters } from './dead-letters';
import { lagOf, lastPosition, REFRESH_MS, useEvery } from './delivery-health';

/** One webhook subscription: its health and its dead letters, each replayable. */
export function SubscriptionView({ store, subscriptionId }: { store: string; subscriptionId: string }) {
  useTitle(subscriptionId, store);
  const { client, can } = useSession();
  const [deleting, setDeleting] = useState(false);
  const data = useResource(
    async (signal) => {
      const handle = client.store(store);
      const [subscription, deadLetters, position] = await Promise.all([
        handle.getSubscription(subscriptionId, { signal }),
        listAll(handle.listDeadLetters(subscriptionId, { signal })),
        lastPosition(client, store, signal),
      ]);
      return { subscription, deadLetters, position };
    },
    [store, subscriptionId],
  );
  useEvery(data.reload, REFRESH_MS);

  const remove = useAction(async () => {
    await client.store(store).deleteSubscription(subscriptionId);
    navigate(pathOf(['stores', store, 'subscriptions']));
  });

  const subscription = data.data?.subscription;
  return (
    <>
      <h2>
        Subscription <code>{subscriptionId}</code>
      </h2>
      <p class="muted">
        <Link href={pathOf(['stores', store, 'subscriptions'])}>All subscriptions</Link>
      </p>
      <ErrorMessage error={data.error} what="Loading the subscription" />
      {!data.data && data.loading && <Loading what="the subscription" />}
      {subscription && data.data && (
        <section class="panel" aria-labelledby="subscription-heading">
          <div class="panel-head">
            <h3 id="subscription-heading">Delivery</h3>
            {can('admin') && (
              <button type="button" class="danger" onClick={() => setDeleting(true)}>
                Delete subscription
              </button>
            )}
          </div>
          <dl class="facts">
            <dt>Target</dt>
            <dd class="wrap">
              {subscription.subscriberType === 'webhook'
                ? subscription.subscriberConfig.url
                : `WebSocket of ${subscription.subscriberConfig.clientId}`}
            </dd>
            <dt>Filter</dt>
            <dd>
              <code>{subscription.eventFilter}</code>
            </dd>
            <dt>Status</dt>
            <dd>{subscription.status}</dd>
            <dt>Checkpoint</dt>
            <dd>{formatNumber(subscription.lastProcessedEventGlobalPosition)}</dd>
            <dt>Lag</dt>
            <dd>{formatNumber(lagOf(subscription, data.data.position))} events</dd>
            <dt>Failed deliveries</dt>
            <dd>{formatNumber(subscription.failedDeliveries)}</dd>
            <dt>Last attempt</dt>
            <dd>{formatTime(subscription.lastDeliveryAttempt)}</dd>
            {subscription.subscriberType === 'webhook' && (
              <>
                <dt>Retries</dt>
                <dd>
                  {subscription.retryPolicy.maxRetries} after {subscription.retryPolicy.initialBackoffMs} ms, ×
                  {subscription.retryPolicy.backoffMultiplier} each
                </dd>
              </>
            )}
          </dl>
        </section>
      )}
      {data.data && (
        <DeadLetters store={store} subscriptionId={subscriptionId} deadLetters={data.data.deadLetters} onReplayed={data.reload} />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the subscription ${subscriptionId}?`}
          confirmLabel="Delete subscription"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => void remove.run()}
          onCancel={() => {
            remove.clearError();
            setDeleting(false);
          }}
        >
          <p>Deliveries stop, and its dead letters are deleted.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
