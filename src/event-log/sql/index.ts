import { APPEND_BATCH } from './append-batch.sql';
import { APPEND_BATCH_TYPES } from './append-batch-types.sql';
import { APPEND_BATCH_INSERT_EVENTS } from './append-batch-insert-events.sql';
import { APPEND_BATCH_MATCHING_POSITIONS } from './append-batch-matching-positions.sql';
import { APPEND_BATCH_PROCESSED } from './append-batch-processed.sql';
import { APPEND_BATCH_WRITE_STREAMS } from './append-batch-write-streams.sql';
import { DCB_MATCHING_POSITIONS } from './dcb-matching-positions.sql';
import { DELETE_EXPIRED_EVENTS } from './delete-expired-events.sql';

/**
 * Every function the database holds, as it must be installed: the canonical text (a test compares
 * each with what a migrated database runs). A change is a new migration holding a frozen copy of
 * the new text, and the same text here.
 */
export const EVENT_LOG_FUNCTIONS: Record<string, string> = {
  append_batch: APPEND_BATCH,
  append_batch_insert_events: APPEND_BATCH_INSERT_EVENTS,
  append_batch_matching_positions: APPEND_BATCH_MATCHING_POSITIONS,
  append_batch_processed: APPEND_BATCH_PROCESSED,
  append_batch_write_streams: APPEND_BATCH_WRITE_STREAMS,
  dcb_matching_positions: DCB_MATCHING_POSITIONS,
  delete_expired_events: DELETE_EXPIRED_EVENTS,
};

/** The composite types those functions use, installed before them and compared the same way. */
export const EVENT_LOG_TYPES = [APPEND_BATCH_TYPES];
