/**
 * The tag index (event_tags) kept by two statement-level triggers on events, whatever code path
 * inserts or deletes events, at the cost of one statement per insert or delete rather than per row.
 *
 * `index_event_tags()`: AFTER INSERT, one row per (event, distinct tag) with the event's type.
 * `unindex_event_tags()`: AFTER DELETE (retention), the deleted events' tag rows by exact primary
 * key lookups. A foreign key from event_tags to events would instead search the store's tags for
 * each deleted event (30 s to delete a store with 20,000 tagged events); deleting a whole store goes
 * through event_tags_event_store_fk instead.
 * Locks: only the rows they write, in the statement's transaction.
 */
export const INDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION index_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT e.event_store_id, t.tag, e.global_position, e.type
    FROM inserted_events e CROSS JOIN LATERAL unnest(e.tags) AS t(tag)
   WHERE e.tags <> '{}';
  RETURN NULL;
END
$$`;

export const UNINDEX_EVENT_TAGS = `
CREATE OR REPLACE FUNCTION unindex_event_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_tags t
   USING (SELECT e.event_store_id, u.tag, e.global_position FROM deleted_events e CROSS JOIN LATERAL unnest(e.tags) AS u(tag)) d
   WHERE t.event_store_id = d.event_store_id AND t.tag = d.tag AND t.global_position = d.global_position;
  RETURN NULL;
END
$$`;
