/**
 * Published after an append commits. Only a nudge for subscribers: deliveries read from the stored
 * positions and their own checkpoints, so a lost or repeated event changes when, never what, they
 * deliver.
 */
export class EventsAppendedEvent {
  constructor(
    /** The store's tenant, for whom what the nudge sets off reads. */
    readonly tenantId: string,
    readonly eventStoreId: string,
    readonly lastPosition: number,
  ) {}
}
