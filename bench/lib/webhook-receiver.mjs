// A local webhook target for the worker: a node:http server on 127.0.0.1 that answers every POST
// /hook/<name> with 200 as soon as its body is in, and records each delivery's arrival under <name>.
// Every subscription gets its own <name>: the service returns the existing subscription for a second
// one with the same filter and url.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { now } from './open-loop.mjs';
import { checkPositions } from './sequence-check.mjs';

export class WebhookReceiver {
  static async start() {
    const receiver = new WebhookReceiver();
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    receiver.origin = `http://127.0.0.1:${receiver.server.address().port}`;
    return receiver;
  }

  constructor() {
    this.routes = new Map();
    this.firstAt = null;
    this.lastAt = null;
    this.arrivals = 0;
    // Requests that are not a delivery to a known route, e.g. an unparsable body.
    this.malformed = [];
    this.server = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const at = now();
        // Always 200: a refusal would make the worker retry, and the duplicates would hide the cause.
        response.end();
        this.record(request.url, Buffer.concat(chunks).toString(), at);
      });
    });
    // Longer than the worker's keep-alive (undici: 4 s), so idle connections are closed by the worker: a close
    // from this side racing the worker's next request would fail that delivery and show up as a retry.
    this.server.keepAliveTimeout = 60_000;
  }

  /** Starts recording deliveries to `name`; returns the URL to subscribe. */
  addRoute(name) {
    this.routes.set(name, {
      positions: [],
      arrivedAt: [],
      data: [],
      retries: 0,
      maxPosition: 0,
      subscriptionIds: new Set(),
      eventStoreIds: new Set(),
      badDeliveryIds: 0,
    });
    return `${this.origin}/hook/${name}`;
  }

  record(path, text, at) {
    const route = this.routes.get(path.slice('/hook/'.length));
    let delivery;
    try {
      delivery = JSON.parse(text);
    } catch {
      // handled below
    }
    const position = delivery?.event?.globalPosition;
    if (!route || !Number.isInteger(position)) {
      if (this.malformed.length < 5) this.malformed.push(`${path}: ${text.slice(0, 200)}`);
      return;
    }
    this.arrivals++;
    this.firstAt ??= at;
    this.lastAt = at;
    route.positions.push(position);
    route.arrivedAt.push(at);
    route.data.push(delivery.event.data);
    route.maxPosition = Math.max(route.maxPosition, position);
    if (delivery.attempt !== 1) route.retries++;
    route.subscriptionIds.add(delivery.subscriptionId);
    route.eventStoreIds.add(delivery.eventStoreId);
    // `<subscriptionId>:<eventId>`, not the position, which another event may take after a failover (docs/high-availability.md).
    if (delivery.deliveryId !== `${delivery.subscriptionId}:${delivery.event.eventId}`) route.badDeliveryIds++;
  }

  /**
   * Resolves true once every route has received position `last`, false when nothing has arrived for
   * `stallMs` (a lost wake-up would be recovered by the worker's 5 s sweep well before) or at `deadline`.
   */
  async waitForPosition(last, { stallMs = 30_000, deadline = Infinity } = {}) {
    let arrivals = this.arrivals;
    let progressAt = performance.now();
    while ([...this.routes.values()].some((route) => route.maxPosition < last)) {
      if (this.arrivals !== arrivals) {
        arrivals = this.arrivals;
        progressAt = performance.now();
      }
      if (performance.now() - progressAt > stallMs || performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * A route's arrivals against the positions 1..`last` (a store whose every event matches the filter),
 * as lib/sequence-check.mjs counts them (duplicates: at-least-once, so 0 expected without a crash),
 * plus the webhook-only facts: retries (attempt > 1) and whether every body named the right store,
 * subscription and delivery id.
 */
export function checkSequence(route, last, { subscriptionId, eventStoreId }) {
  const addressedRight =
    route.badDeliveryIds === 0 &&
    [...route.subscriptionIds].every((id) => id === subscriptionId) &&
    [...route.eventStoreIds].every((id) => id === eventStoreId);
  return { ...checkPositions(route.positions, last), retries: route.retries, addressedRight };
}
