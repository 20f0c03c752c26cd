import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { EventStoreNotFoundError } from '../event-stores/event-store.errors';
import { EventBudgetExceededError } from '../limits/limits.errors';
import type { StoredEventResponseDto } from '../streams/dto/stored-event.response.dto';
import type { NewEvent } from '../streams/event-log';
import { eventPayload } from '../streams/event-payload';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../streams/stored-event';
import { AppendConditionFailedError } from './dcb.errors';

export interface DcbQueryItem {
  types?: string[];
  tags?: string[];
}

export interface AppendCondition {
  failIfEventsMatch: { items: DcbQueryItem[] };
  after?: number;
}

export interface DcbReadResult {
  events: StoredEventResponseDto[];
  lastPosition: number;
}

const READ = `
  SELECT ${EVENT_COLUMNS}
    FROM unnest(dcb_matching_positions($1, $2::jsonb, $3, $4)) AS matched(position)
    JOIN events ON events.event_store_id = $1 AND events.global_position = matched.position
   ORDER BY global_position`;

/** DCB over the shared log: the SQL functions of migration CreateDcb do the matching and the locking. */
@Injectable()
export class DcbLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: EnvironmentVariables,
  ) {}

  /** One round trip; the budget and the condition are checked under the store's lock, so racing claims cannot both win. */
  async append(eventStoreId: string, events: NewEvent[], condition: AppendCondition | undefined, manager: EntityManager = this.dataSource.manager): Promise<{ lastPosition: number }> {
    const conditionArgument = condition ? JSON.stringify({ items: condition.failIfEventsMatch.items, after: condition.after ?? 0 }) : null;
    try {
      const [row] = await manager.query(`SELECT last_position FROM append_dcb($1, $2::jsonb, $3::jsonb, $4)`, [
        eventStoreId,
        eventPayload(events),
        conditionArgument,
        this.config.RATE_LIMIT_EVENTS_PER_MINUTE,
      ]);
      return { lastPosition: Number(row.last_position) };
    } catch (error) {
      throw this.appendFailure(error, eventStoreId, condition?.after ?? 0);
    }
  }

  async read(eventStoreId: string, items: DcbQueryItem[], after: number, limit: number): Promise<DcbReadResult> {
    const rows: EventRow[] = await this.dataSource.query(READ, [eventStoreId, JSON.stringify(items), after, limit]);
    // DCB reads always carry tags (spec §2), even an empty list.
    const events = rows.map((row) => ({ ...toStoredEvent(row), tags: row.tags }));
    return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
  }

  private appendFailure(error: unknown, eventStoreId: string, after: number): unknown {
    if (!(error instanceof QueryFailedError)) return error;
    const { code, detail } = error.driverError as { code?: string; detail?: string };
    if (code === 'ESDC1') return new AppendConditionFailedError(JSON.parse(detail ?? '[]'), after);
    if (code === 'ESNF1') return new EventStoreNotFoundError(eventStoreId);
    if (code === 'ESRL1') return new EventBudgetExceededError(eventStoreId, JSON.parse(detail ?? '{}'));
    return error;
  }
}
