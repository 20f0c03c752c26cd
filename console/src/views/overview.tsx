import type { EventStoreActivity } from '@event-store-service/client';
import { useEffect } from 'preact/hooks';
import { EmptyState, ErrorMessage, Loading } from '../components';
import { formatBytes, formatNumber, formatTime } from '../format';
import { useResource, useTitle } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';

/** How often the chart of the last hour is drawn again while the view is open. */
const ACTIVITY_REFRESH_MS = 15_000;

/** A store's statistics and settings, and its appends per minute over the last hour. */
export function OverviewView({ store }: { store: string }) {
  useTitle('Overview', store);
  const { client } = useSession();
  const details = useResource((signal) => client.getStore(store, { signal }), [store]);
  const activity = useResource((signal) => client.store(store).activity({ signal }), [store]);
  useEffect(() => {
    const timer = setInterval(activity.reload, ACTIVITY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [activity.reload]);

  const data = details.data;
  return (
    <>
      <h2>Overview</h2>
      <ErrorMessage error={details.error} what="Loading the store" />
      {!data && details.loading && <Loading what="the store" />}
      {data && (
        <div class="columns">
          <section class="panel" aria-labelledby="statistics-heading">
            <h3 id="statistics-heading">Statistics</h3>
            <dl class="facts">
              <dt>Events</dt>
              <dd>{formatNumber(data.statistics.totalEvents)}</dd>
              <dt>Streams</dt>
              <dd>{formatNumber(data.statistics.totalStreams)}</dd>
              <dt>Size of event data</dt>
              <dd>{formatBytes(data.statistics.databaseSizeBytes)}</dd>
              <dt>Oldest event</dt>
              <dd>{formatTime(data.statistics.oldestEventTimestamp)}</dd>
              <dt>Newest event</dt>
              <dd>{formatTime(data.statistics.newestEventTimestamp)}</dd>
              <dt>Last position</dt>
              <dd>{activity.data ? formatNumber(activity.data.lastPosition) : '…'}</dd>
            </dl>
          </section>
          <section class="panel" aria-labelledby="settings-heading">
            <h3 id="settings-heading">Settings</h3>
            <dl class="facts">
              <dt>Id</dt>
              <dd>
                <code>{data.id}</code>
              </dd>
              <dt>Description</dt>
              <dd>{data.description || '—'}</dd>
              <dt>Region</dt>
              <dd>{data.region}</dd>
              <dt>Retention</dt>
              <dd>
                {data.settings.retentionPeriodDays === null ? 'Events are kept forever' : `${data.settings.retentionPeriodDays} days`}
              </dd>
              <dt>Max stream size</dt>
              <dd>{data.settings.maxStreamSizeBytes === null ? 'Unlimited' : formatBytes(data.settings.maxStreamSizeBytes)}</dd>
              <dt>Created</dt>
              <dd>{formatTime(data.createdAt)}</dd>
            </dl>
          </section>
        </div>
      )}
      {data && data.statistics.totalEvents === 0 && (
        <EmptyState title="This store has no events yet.">
          <p>
            Append one from a stream's page: open <Link href={pathOf(['stores', store, 'streams'])}>Streams</Link> and enter a stream id, or
            append over the API (<code>POST /event-stores/{store}/streams/&lt;streamId&gt;</code>).
          </p>
        </EmptyState>
      )}
      <section class="panel" aria-labelledby="activity-heading">
        <h3 id="activity-heading">Appends per minute, last hour</h3>
        <ErrorMessage error={activity.error} what="Loading the activity" />
        {activity.data && <ActivityChart activity={activity.data} />}
      </section>
    </>
  );
}

const WIDTH = 900;
const HEIGHT = 140;
const AXIS = 18;

function ActivityChart({ activity }: { activity: EventStoreActivity }) {
  const { minutes } = activity;
  const total = minutes.reduce((sum, minute) => sum + minute.events, 0);
  const busiest = minutes.reduce((best, minute) => (minute.events > best.events ? minute : best), minutes[0]);
  const peak = Math.max(1, busiest?.events ?? 0);
  const slot = WIDTH / Math.max(1, minutes.length);
  const clock = (iso: string) => new Date(iso).toTimeString().slice(0, 5);
  const summary =
    total === 0
      ? 'No events appended in the last hour.'
      : `${formatNumber(total)} events appended in the last hour; the busiest minute, ${clock(busiest.start)}, took ${formatNumber(busiest.events)}.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={summary}>
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} class="axis" />
        {minutes.map((minute, index) => {
          const height = (minute.events / peak) * (HEIGHT - 4);
          return (
            <rect key={minute.start} x={index * slot + 1} y={HEIGHT - height} width={Math.max(1, slot - 2)} height={height} class="bar">
              <title>
                {clock(minute.start)}: {formatNumber(minute.events)} events
              </title>
            </rect>
          );
        })}
        {minutes.length > 0 && (
          <>
            <text x="0" y={HEIGHT + AXIS - 4} class="tick">
              {clock(minutes[0].start)}
            </text>
            <text x={WIDTH} y={HEIGHT + AXIS - 4} class="tick" text-anchor="end">
              {clock(minutes[minutes.length - 1].start)}
            </text>
          </>
        )}
      </svg>
      <figcaption>
        {summary} Peak scale: {formatNumber(peak)} per minute.
      </figcaption>
    </figure>
  );
}
