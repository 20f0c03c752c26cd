import { Command } from '@nestjs/cqrs';
import type { EventStoreEntity } from '../entities/event-store.entity';

export interface NewEventStore {
  name: string;
  description?: string;
  region?: string;
  retentionPeriodDays?: number | null;
  maxStreamSizeBytes?: number | null;
}

export class CreateEventStoreCommand extends Command<EventStoreEntity> {
  constructor(
    readonly tenantId: string,
    readonly store: NewEventStore,
  ) {
    super();
  }
}
