import { type ConsumerInfo, EventStoreError } from '@event-store-service/client';
import { useState } from 'preact/hooks';
import { ConfirmDialog, ErrorMessage, Loading, Notice } from '../components';
import { formatNumber, formatTime, FormError } from '../format';
import { listAll, useAction, useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf } from '../router';
import { useSession } from '../session';
import { REFRESH_MS, useEvery } from './delivery-health';
import { ParkedEvents } from './parked-events';

/** One consumer: its state, its parked events (replay or skip), moving its checkpoint, deleting it. */
export function ConsumerView({ store, name }: { store: string; name: string }) {
  useTitle(name, store);
  const { client, can } = useSession();
  const [notice, setNotice] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);
  const data = useResource(
    async (signal) => {
      const consumer = client.store(store).consumer(name);
      const [info, parked] = await Promise.all([consumer.get({ signal }), listAll(consumer.listParked({ signal }))]);
      return { info, parked };
    },
    [store, name],
  );
  useEvery(data.reload, REFRESH_MS);

  const remove = useAction(async () => {
    await client.store(store).consumer(name).delete();
    navigate(pathOf(['stores', store, 'consumers']));
  });

  const info = data.data?.info;
  return (
    <>
      <h2>
        Consumer <code>{name}</code>
      </h2>
      <p class="muted">
        <Link href={pathOf(['stores', store, 'consumers'])}>All consumers</Link>
      </p>
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={data.error} what="Loading the consumer" />
      {!data.data && data.loading && <Loading what="the consumer" />}
      {info && (
        <section class="panel" aria-labelledby="consumer-heading">
          <div class="panel-head">
            <h3 id="consumer-heading">State</h3>
            {can('admin') && (
              <button type="button" class="danger" onClick={() => setDeleting(true)}>
                Delete consumer
              </button>
            )}
          </div>
          <ConsumerFacts info={info} />
        </section>
      )}
      {data.data && (
        <ParkedEvents
          store={store}
          consumer={name}
          parked={data.data.parked}
          onChanged={(message) => {
            setNotice(message);
            data.reload();
          }}
        />
      )}
      {info && can('admin') && (
        <MoveCheckpoint
          store={store}
          info={info}
          onMoved={(moved) => {
            setNotice(`Moved the checkpoint of ${name} to ${formatNumber(moved.checkpoint)}.`);
            data.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the consumer ${name}?`}
          confirmLabel="Delete consumer"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => void remove.run()}
          onCancel={() => {
            remove.clearError();
            setDeleting(false);
          }}
        >
          <p>Its checkpoint, events in flight and parked events are forgotten; clients running it stop.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const events = (count: number) => `${formatNumber(count)} ${count === 1 ? 'event' : 'events'}`;

function ConsumerFacts({ info }: { info: ConsumerInfo }) {
  return (
    <dl class="facts">
      <dt>Filter</dt>
      <dd>
        <code>{info.eventFilter}</code>
      </dd>
      <dt>Checkpoint</dt>
      <dd>{formatNumber(info.checkpoint)}</dd>
      <dt>Lag</dt>
      <dd>
        {events(info.lag)} (the store is at {formatNumber(info.lastPosition)})
      </dd>
      <dt>Clients</dt>
      <dd>{formatNumber(info.connectedClients)} connected</dd>
      <dt>In flight</dt>
      <dd>{events(info.inFlight)}</dd>
      <dt>Parked</dt>
      <dd>{events(info.parked)}</dd>
      <dt>Redelivery</dt>
      <dd>
        after {formatNumber(info.ackTimeoutMs)} ms without an ack; parked after {formatNumber(info.maxDeliveries)}{' '}
        {info.maxDeliveries === 1 ? 'delivery' : 'deliveries'}
      </dd>
      <dt>Created</dt>
      <dd>{formatTime(info.createdAt)}</dd>
    </dl>
  );
}

/** The checkpoint moved by hand, after a confirmation that says what it drops and whether clients are attached. */
function MoveCheckpoint({ store, info, onMoved }: { store: string; info: ConsumerInfo; onMoved: (moved: ConsumerInfo) => void }) {
  const { client } = useSession();
  const [position, setPosition] = useState('0');
  const [confirming, setConfirming] = useState<number | undefined>();
  const [force, setForce] = useState(false);
  const [formError, setFormError] = useState<unknown>();
  const move = useAction(async (target: number) => {
    const moved = await client.store(store).consumer(info.name).setCheckpoint(target, { force });
    setConfirming(undefined);
    setForce(false);
    onMoved(moved);
  });
  const inUse = info.connectedClients > 0 || (move.error instanceof EventStoreError && move.error.code === 'CONSUMER_IN_USE');
  return (
    <section class="panel" aria-labelledby="checkpoint-heading">
      <h3 id="checkpoint-heading">Move the checkpoint</h3>
      <p class="muted">
        Back to process events again (0: from the first), or forward to skip them. Events in flight and parked are forgotten.
      </p>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const target = Number(position);
          if (position.trim() === '' || !Number.isInteger(target) || target < 0) {
            setFormError(new FormError('The checkpoint must be a whole number of at least 0'));
            return;
          }
          setFormError(undefined);
          move.clearError();
          setConfirming(target);
        }}
      >
        <label class="inline">
          New checkpoint
          <input inputMode="numeric" value={position} onInput={(event) => setPosition(event.currentTarget.value)} />
        </label>
        <button type="submit">Move checkpoint</button>
      </form>
      <ErrorMessage error={formError} what="Moving the checkpoint" />
      {confirming !== undefined && (
        <ConfirmDialog
          title={`Move the checkpoint of ${info.name} from ${formatNumber(info.checkpoint)} to ${formatNumber(confirming)}?`}
          confirmLabel="Move checkpoint"
          busy={move.busy || (inUse && !force)}
          error={move.error}
          onConfirm={() => void move.run(confirming)}
          onCancel={() => {
            move.clearError();
            setForce(false);
            setConfirming(undefined);
          }}
        >
          <p>
            {confirming < info.checkpoint
              ? `Every matching event after ${formatNumber(confirming)} is delivered again, up to ${formatNumber(info.checkpoint - confirming)} events.`
              : `Every matching event up to ${formatNumber(confirming)} counts as done without being delivered.`}{' '}
            Its {events(info.inFlight)} in flight and {events(info.parked)} parked are forgotten.
          </p>
          {inUse && (
            <label class="inline checkbox">
              <input type="checkbox" checked={force} onChange={(event) => setForce(event.currentTarget.checked)} />
              Move it although {info.connectedClients === 1 ? 'a client is' : `${formatNumber(info.connectedClients)} clients are`} running
              this consumer
            </label>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
