import { Injectable } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import type { DeliverJob } from './webhook-delivery.queue';

/**
 * A tenant's share of this worker's delivery slots: at most WEBHOOK_MAX_IN_FLIGHT_PER_TENANT of its
 * subscriptions are delivered at once. A wake-up finding its tenant at the cap does not hold a slot
 * while it waits: the subscription joins its tenant's line and the job ends, so the slot goes to the
 * next job in the queue, whoever's it is. A slot of the tenant's that comes free serves its line
 * first. The lines live in memory only: their subscriptions are still due in PostgreSQL, so if the
 * process dies, or a line is left without a slot to serve it, the sweep's wake-ups find them.
 */
@Injectable()
export class TenantDeliverySlots {
  private readonly perTenant: number;
  private readonly inFlight = new Map<string, number>();
  /** Per tenant, subscriptions in arrival order (a Map keeps insertion order), each once. */
  private readonly lines = new Map<string, Map<string, DeliverJob>>();

  constructor(config: EnvironmentVariables) {
    this.perTenant = config.WEBHOOK_MAX_IN_FLIGHT_PER_TENANT;
  }

  /** True when a slot was taken for the subscription; false when it joined its tenant's line instead. */
  take(tenantId: string, subscription: DeliverJob): boolean {
    const inFlight = this.inFlight.get(tenantId) ?? 0;
    if (inFlight >= this.perTenant) {
      this.join(tenantId, subscription);
      return false;
    }
    // Woken another way (the sweep) while in line: it goes now, and leaves the line.
    this.leave(tenantId, subscription.subscriptionId);
    this.inFlight.set(tenantId, inFlight + 1);
    return true;
  }

  /** Joins the back of the tenant's line, unless already in it. */
  join(tenantId: string, subscription: DeliverJob): void {
    const line = this.lines.get(tenantId) ?? new Map<string, DeliverJob>();
    if (!line.has(subscription.subscriptionId)) line.set(subscription.subscriptionId, subscription);
    this.lines.set(tenantId, line);
  }

  /** The first of the tenant's line, taken out of it, for a slot the tenant already holds. */
  nextInLine(tenantId: string): DeliverJob | undefined {
    const next = this.lines.get(tenantId)?.values().next().value;
    if (next) this.leave(tenantId, next.subscriptionId);
    return next;
  }

  release(tenantId: string): void {
    const inFlight = (this.inFlight.get(tenantId) ?? 1) - 1;
    if (inFlight > 0) this.inFlight.set(tenantId, inFlight);
    else this.inFlight.delete(tenantId);
  }

  isWaiting(tenantId: string, subscriptionId: string): boolean {
    return this.lines.get(tenantId)?.has(subscriptionId) ?? false;
  }

  private leave(tenantId: string, subscriptionId: string): void {
    const line = this.lines.get(tenantId);
    if (line?.delete(subscriptionId) && line.size === 0) this.lines.delete(tenantId);
  }
}
