import { Injectable } from '@nestjs/common';
import { ReadReplicas } from '../../database/replicas/read-replicas';
import { EnvironmentVariables } from '../../config/environment-variables';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';
import { budgetedPage, PAGE_COLUMNS, pageOf } from './page-budget';
import { eventsJson, PageRow } from './stored-event';
import type { JsonText } from '../../common/json/json-text';

export interface DcbQueryItem {
  types?: string[];
  tags?: string[];
}

export interface AppendCondition {
  failIfEventsMatch: { items: DcbQueryItem[] };
  after?: number;
}

export interface DcbReadResult {
  events: JsonText<StoredEventResponseDto[]>;
  lastPosition: number;
  hasMore: boolean;
}

// DCB reads always carry tags (spec §2), even an empty list.
const READ = pageOf(
  budgetedPage(
    `SELECT ${PAGE_COLUMNS}
       FROM unnest(dcb_matching_positions($1, $2::jsonb, $3, $4::int + 1)) AS matched(position)
       JOIN events ON events.event_store_id = $1 AND events.global_position = matched.position
      ORDER BY global_position`,
    { order: 'global_position', limit: '$4::int', budget: '$5::bigint', tags: 'always' },
  ),
);

/**
 * DCB reads over the shared log: `dcb_matching_positions` (sql/dcb-matching-positions.sql.ts) does the matching,
 * and the page ends at `limit` events or READ_PAGE_MAX_BYTES (page-budget.ts). Appends go through
 * AppendBatcher.
 */
@Injectable()
export class DcbEventReader {
  private readonly pageBudget: number;

  constructor(
    private readonly replicas: ReadReplicas,
    config: EnvironmentVariables,
  ) {
    this.pageBudget = config.READ_PAGE_MAX_BYTES;
  }

  async read(eventStoreId: string, items: DcbQueryItem[], after: number, limit: number): Promise<DcbReadResult> {
    const source = await this.replicas.forRead(eventStoreId);
    const [row] = await source.query<PageRow[]>(READ, [eventStoreId, JSON.stringify(items), after, limit, this.pageBudget]);
    return { events: eventsJson(row), lastPosition: row.last_position === null ? after : Number(row.last_position), hasMore: row.has_more };
  }
}
