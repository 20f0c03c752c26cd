import { Injectable } from '@nestjs/common';
import { Reader, ReadReplicas } from '../../database/replicas/read-replicas';
import type { StreamListSort } from '../event-log.constants';

export interface StreamSummary {
  streamId: string;
  streamType: string;
  streamVersion: number;
  lastGlobalPosition: number;
  sizeBytes: number;
  createdAt: string;
  updatedAt: string;
}

/** Which of a store's streams a page lists, and in which order. */
export interface StreamListRequest {
  limit: number;
  offset: number;
  streamType?: string;
  hasEvents?: boolean;
  /** A part of the stream id, in any case. */
  filter?: string;
  sort?: StreamListSort;
}

/**
 * No stream shares its last global position with another, so `updated` needs no tie-break. It has
 * no index: every append changes last_global_position, and indexing it would cost each append to
 * an existing stream its heap-only update of the row (docs/decisions.md, "Listing streams"). The
 * sort reads the rows of the store that the page's count(*) reads anyway.
 */
const STREAM_ORDER: Record<StreamListSort, string> = {
  created: 'created_at, stream_id',
  updated: 'last_global_position DESC',
};

interface StreamRow {
  stream_id: string;
  stream_type: string;
  version: string;
  last_global_position: string;
  size_bytes: string;
  created_at: Date;
  updated_at: Date;
}

/** The `streams` table's rows, as the list of a store's streams shows them. */
@Injectable()
export class StreamListReader {
  constructor(private readonly replicas: ReadReplicas) {}

  /** A page of the store's streams (never `__dcb__`, which has no row), and how many match in all. */
  async listStreams(reader: Reader, eventStoreId: string, page: StreamListRequest): Promise<{ streams: StreamSummary[]; total: number }> {
    const params: unknown[] = [eventStoreId];
    const where = ['event_store_id = $1'];
    if (page.streamType !== undefined) where.push(`stream_type = $${params.push(page.streamType)}`);
    if (page.hasEvents !== undefined) where.push(page.hasEvents ? 'event_count > 0' : 'event_count = 0');
    // strpos, not LIKE: the text is matched as typed, with no wildcard to escape.
    if (page.filter) where.push(`strpos(lower(stream_id), lower($${params.push(page.filter)})) > 0`);
    const condition = where.join(' AND ');

    // From the primary or a standby (ReadReplicas): one of them for both statements.
    const source = await this.replicas.forRead(eventStoreId, reader);
    const [[{ total }], rows] = await Promise.all([
      source.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM streams WHERE ${condition}`, params),
      source.query<StreamRow[]>(
        `SELECT stream_id, stream_type, version, last_global_position, size_bytes, created_at, updated_at
           FROM streams WHERE ${condition}
          ORDER BY ${STREAM_ORDER[page.sort ?? 'created']} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, page.offset, page.limit],
      ),
    ]);
    return {
      total,
      streams: rows.map((row: StreamRow) => ({
        streamId: row.stream_id,
        streamType: row.stream_type,
        streamVersion: Number(row.version),
        lastGlobalPosition: Number(row.last_global_position),
        sizeBytes: Number(row.size_bytes),
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      })),
    };
  }
}
