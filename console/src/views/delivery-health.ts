import type { ResponseOf, SubscriptionInfo } from '@event-store-service/client';
import { useEffect } from 'preact/hooks';
import type { useSession } from '../session';

type EventsPage = ResponseOf<'readEvents', 200>;

/** Lag and failures move while deliveries run: the lists refresh themselves this often. */
export const REFRESH_MS = 5000;

export function useEvery(reload: () => void, ms: number) {
  useEffect(() => {
    const timer = setInterval(reload, ms);
    return () => clearInterval(timer);
  }, [reload, ms]);
}

/** The store's newest global position: what a subscription is lagging behind. */
export async function lastPosition(client: ReturnType<typeof useSession>['client'], store: string, signal: AbortSignal): Promise<number> {
  const page = await client.request<EventsPage>('GET', `/event-stores/${encodeURIComponent(store)}/events`, {
    query: { direction: 'backward', limit: 1 },
    signal,
  });
  return page.events[0]?.globalPosition ?? 0;
}

export const lagOf = (subscription: SubscriptionInfo, position: number) =>
  Math.max(0, position - subscription.lastProcessedEventGlobalPosition);
