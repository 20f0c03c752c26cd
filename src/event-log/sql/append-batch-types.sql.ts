/**
 * The records append_batch keeps while it decides a batch, instead of an array per field.
 *
 * `append_batch_appended`: one per appended request, in order. `stream_id` and `stream_version` (the
 * stream's version before the request) are null for a DCB append; `after_position` is the store's
 * last position before its events; `clock` is when it was decided (a new stream's created_at, to the
 * microsecond, for list order) and `created_at` its events' (to the millisecond, never before the
 * store's newest event, so that created_at follows global_position); `first_event` is how many events
 * of the batch come before its own, in request order: where its events' data and metadata are in the
 * arrays append_batch decodes from `p_payloads`.
 *
 * `append_batch_stream`: a stream's version and size as of the requests decided so far.
 */
export const APPEND_BATCH_TYPES = `
CREATE TYPE append_batch_appended AS (
  ordinal int,
  stream_id text,
  stream_version bigint,
  after_position bigint,
  events bigint,
  size_bytes bigint,
  transaction_id uuid,
  clock timestamptz,
  created_at timestamptz,
  first_event int
);
CREATE TYPE append_batch_stream AS (version bigint, size_bytes bigint)`;
