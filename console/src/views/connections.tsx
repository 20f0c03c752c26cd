import { useEffect, useState } from 'preact/hooks';
import { ConfirmDialog, EmptyState, ErrorMessage, Loading, Notice } from '../components';
import { formatTime } from '../format';
import { listAll, useAction, useResource, useTitle } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';

const REFRESH_MS = 5000;

/** The store's open WebSockets on every API instance, with their subscriptions; close a client's. */
export function ConnectionsView({ store }: { store: string }) {
  useTitle('Connections', store);
  const { client, can } = useSession();
  const [closing, setClosing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const list = useResource((signal) => listAll(client.store(store).listWebSocketConnections({ signal })), [store]);
  useEffect(() => {
    const timer = setInterval(list.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [list.reload]);

  const close = useAction(async (clientId: string) => {
    const result = await client.store(store).closeWebSocketClient(clientId, { reason: 'Closed from the web console' });
    setClosing(null);
    setNotice(`${result.message}. Its subscriptions reconnect by themselves if the client is still running.`);
    list.reload();
  });

  const connections = list.data ?? [];
  return (
    <>
      <h2>Connections</h2>
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={list.error} what="Loading the connections" />
      {!list.data && list.loading && <Loading what="connections" />}
      {list.data && connections.length === 0 && (
        <EmptyState title="No open WebSocket connections.">
          <p>
            Clients connect to <code>/event-stores/{store}/events/ws</code> to follow events live; the{' '}
            <Link href={pathOf(['stores', store, 'live'])}>Live</Link> view is one of them.
          </p>
        </EmptyState>
      )}
      {connections.length > 0 && (
        <table>
          <caption>Open connections to {store}</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Connection</th>
              <th scope="col">Connected</th>
              <th scope="col">Address</th>
              <th scope="col">User agent</th>
              <th scope="col">Subscriptions</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {connections.map((connection) => (
              <tr key={connection.connectionId}>
                <td>
                  <code>{connection.clientId}</code>
                </td>
                <td>
                  <code>{connection.connectionId}</code>
                </td>
                <td>{formatTime(connection.connectedAt)}</td>
                <td>{connection.ipAddress ?? '—'}</td>
                <td class="wrap small">{connection.userAgent ?? '—'}</td>
                <td>
                  {connection.subscriptions.length === 0 ? (
                    <span class="muted">none</span>
                  ) : (
                    <ul class="plain">
                      {connection.subscriptions.map((subscription) => (
                        <li key={subscription.subscriptionId}>
                          <code>{subscription.eventFilter}</code> <span class="muted small">{subscription.subscriptionId}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                {can('admin') && (
                  <td>
                    <button
                      type="button"
                      class="danger small"
                      aria-label={`Close client ${connection.clientId}`}
                      onClick={() => setClosing(connection.clientId)}
                    >
                      Close
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {closing && (
        <ConfirmDialog
          title={`Close the connections of ${closing}?`}
          confirmLabel="Close connections"
          busy={close.busy}
          error={close.error}
          onConfirm={() => void close.run(closing)}
          onCancel={() => {
            close.clearError();
            setClosing(null);
          }}
        >
          <p>
            Every open WebSocket of the client <code>{closing}</code>, on every API instance, is closed (code 1000). A client that is still
            running reconnects.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
