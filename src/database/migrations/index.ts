import { CreateTenantsApiKeysAndEventStores1795219200000 } from './1795219200000-CreateTenantsApiKeysAndEventStores';
import { CreateEventLog1795219300000 } from './1795219300000-CreateEventLog';
import { CreateDcb1795219400000 } from './1795219400000-CreateDcb';
import { CreateSubscriptions1795219500000 } from './1795219500000-CreateSubscriptions';
import { AddEventBudget1795219600000 } from './1795219600000-AddEventBudget';
import { IndexIdempotencyKeysByAge1795219700000 } from './1795219700000-IndexIdempotencyKeysByAge';
import { AppendInBatches1795219800000 } from './1795219800000-AppendInBatches';
import { InsertBatchEventsOnce1795219900000 } from './1795219900000-InsertBatchEventsOnce';
import { StoreEventSizes1795220400000 } from './1795220400000-StoreEventSizes';

/** Every migration, oldest first. Listed explicitly so the build, the CLI and tests agree. */
export const MIGRATIONS = [
  CreateTenantsApiKeysAndEventStores1795219200000,
  CreateEventLog1795219300000,
  CreateDcb1795219400000,
  CreateSubscriptions1795219500000,
  AddEventBudget1795219600000,
  IndexIdempotencyKeysByAge1795219700000,
  AppendInBatches1795219800000,
  InsertBatchEventsOnce1795219900000,
  StoreEventSizes1795220400000,
];
