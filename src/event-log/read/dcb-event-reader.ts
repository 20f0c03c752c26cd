import { Injectable } from '@nestjs/common';
import { Reader, ReadReplicas } from '../../database/replicas/read-replicas';
import { EnvironmentVariables } from '../../config/environment-variables';
import type { StoredEventResponseDto } from '../dto/stored-event.response.dto';
import { pageColumns, pageOf } from './page-budget';
import { pageJson } from './stored-event';
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

// DCB reads always carry tags (spec §2), even an empty list. The positions come from a statement of
// their own (MATCH): Citus runs dcb_matching_positions on the store's worker, and a function that
// queries shards cannot be called from a query that is itself running on a shard.
const MATCH = `SELECT dcb_matching_positions($1, $2::jsonb, $3, $4::int + 1) AS positions`;
const READ = pageOf(
  `SELECT ${pageColumns('stored')} FROM events
    WHERE event_store_id = $1 AND global_position = ANY($2::bigint[])
    ORDER BY global_position`,
  { order: 'global_position', limit: '$3::int', budget: '$4::bigint', tags: 'always' },
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

  async read(reader: Reader, eventStoreId: string, items: DcbQueryItem[], after: number, limit: number): Promise<DcbReadResult> {
    // Both statements on one source (the primary, or a standby: ReadReplicas), so the page reads what the match saw.
    const source = await this.replicas.forRead(eventStoreId, reader);
    const [{ positions }] = await source.query<{ positions: string[] }[]>(MATCH, [eventStoreId, JSON.stringify(items), after, limit]);
    const page = pageJson(await source.copyRows(READ, [eventStoreId, positions, limit, this.pageBudget]));
    return { events: page.events, lastPosition: page.lastPosition ?? after, hasMore: page.hasMore };
  }
}
