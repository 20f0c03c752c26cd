import type { ConsumerInfo, SubscriptionPosition } from '@event-store-service/client';
import { useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, Loading, Notice } from '../components';
import { formatNumber, formatTime, FormError } from '../format';
import { listAll, useAction, useResource, useTitle } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';
import { REFRESH_MS, useEvery } from './delivery-health';

/** The store's durable consumers with how far behind they are and who runs them; create one. */
export function ConsumersView({ store }: { store: string }) {
  useTitle('Consumers', store);
  const { client, can } = useSession();
  const [notice, setNotice] = useState<string | undefined>();
  const list = useResource((signal) => listAll(client.store(store).consumers({ signal })), [store]);
  useEvery(list.reload, REFRESH_MS);

  const consumers = list.data;
  return (
    <>
      <h2>Consumers</h2>
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={list.error} what="Loading the consumers" />
      {!consumers && list.loading && <Loading what="consumers" />}
      {consumers && consumers.length === 0 && (
        <EmptyState title="No consumers yet.">
          <p>
            {can('admin')
              ? 'Create one below, then run it with the client: store.consumer(name).run(handler).'
              : 'Consumers are created with an admin key.'}{' '}
            The service keeps each consumer’s checkpoint and shares its events among the clients running it.
          </p>
        </EmptyState>
      )}
      {consumers && consumers.length > 0 && <ConsumersTable store={store} consumers={consumers} />}
      {can('admin') && (
        <CreateConsumerForm
          store={store}
          onCreated={(consumer) => {
            setNotice(`Created the consumer ${consumer.name}.`);
            list.reload();
          }}
        />
      )}
    </>
  );
}

function ConsumersTable({ store, consumers }: { store: string; consumers: ConsumerInfo[] }) {
  return (
    <table>
      <caption>Consumers of {store}</caption>
      <thead>
        <tr>
          <th scope="col">Consumer</th>
          <th scope="col">Filter</th>
          <th scope="col" class="num">
            Checkpoint
          </th>
          <th scope="col" class="num">
            Lag
          </th>
          <th scope="col" class="num">
            Clients
          </th>
          <th scope="col" class="num">
            In flight
          </th>
          <th scope="col" class="num">
            Parked
          </th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {consumers.map((consumer) => (
          <tr key={consumer.name}>
            <td>
              <Link href={pathOf(['stores', store, 'consumers', consumer.name])}>{consumer.name}</Link>
            </td>
            <td>
              <code>{consumer.eventFilter}</code>
            </td>
            <td class="num">{formatNumber(consumer.checkpoint)}</td>
            <td class="num">{formatNumber(consumer.lag)}</td>
            <td class="num">{formatNumber(consumer.connectedClients)}</td>
            <td class="num">{formatNumber(consumer.inFlight)}</td>
            <td class="num">{formatNumber(consumer.parked)}</td>
            <td>{formatTime(consumer.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CreateConsumerForm({ store, onCreated }: { store: string; onCreated: (created: ConsumerInfo) => void }) {
  const { client } = useSession();
  const [name, setName] = useState('');
  const [eventFilter, setEventFilter] = useState('*');
  const [start, setStart] = useState<'beginning' | 'latest' | 'position'>('beginning');
  const [position, setPosition] = useState('');
  const [ackTimeoutMs, setAckTimeoutMs] = useState('30000');
  const [maxDeliveries, setMaxDeliveries] = useState('5');
  const create = useAction(async () => {
    const number = (text: string, field: string, min: number) => {
      const value = Number(text);
      if (text.trim() === '' || !Number.isInteger(value) || value < min)
        throw new FormError(`${field} must be a whole number of at least ${min}`);
      return value;
    };
    const from: SubscriptionPosition = start === 'position' ? number(position, 'Start position', 0) : start;
    const created = await client
      .store(store)
      .consumer(name.trim())
      .create({
        eventFilter: eventFilter.trim(),
        from,
        ackTimeoutMs: number(ackTimeoutMs, 'Ack timeout', 1),
        maxDeliveries: number(maxDeliveries, 'Max deliveries', 1),
      });
    setName('');
    onCreated(created);
  });
  return (
    <section class="panel" aria-labelledby="create-consumer-heading">
      <h3 id="create-consumer-heading">Create a consumer</h3>
      <form
        class="form grid"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <label>
          Consumer name
          <input required value={name} placeholder="billing-projection" onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <label>
          Event filter
          <input required value={eventFilter} onInput={(event) => setEventFilter(event.currentTarget.value)} />
        </label>
        <div class="field">
          <label for="consumer-start">Start from</label>
          <select id="consumer-start" value={start} onChange={(event) => setStart(event.currentTarget.value as typeof start)}>
            <option value="beginning">The first stored event</option>
            <option value="latest">New events only</option>
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
          Ack timeout (ms)
          <input inputMode="numeric" value={ackTimeoutMs} onInput={(event) => setAckTimeoutMs(event.currentTarget.value)} />
        </label>
        <label>
          Max deliveries
          <input inputMode="numeric" value={maxDeliveries} onInput={(event) => setMaxDeliveries(event.currentTarget.value)} />
        </label>
        <div class="actions wide">
          <button type="submit" disabled={create.busy}>
            Create consumer
          </button>
        </div>
      </form>
      <ErrorMessage error={create.error} what="Creating the consumer" />
    </section>
  );
}
