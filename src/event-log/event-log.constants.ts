/** Limits of DECISIONS §3 and §4, shared by validation and the API docs. */
export const MAX_EVENTS_PER_APPEND = 1000;
export const DEFAULT_READ_LIMIT = 100;
export const MAX_READ_LIMIT = 1000;
export const MAX_TAGS_PER_EVENT = 50;
export const MAX_NAME_LENGTH = 255;

/** The stream DCB events live in; clients may not use it (spec §4 DCB rule 2). */
export const DCB_STREAM_ID = '__dcb__';

/** Event types and tags: 1-255 characters, no whitespace or control characters (tags: no comma either). */
export const EVENT_TYPE_PATTERN = /^[^\s\p{Cc}]{1,255}$/u;
export const TAG_PATTERN = /^[^,\p{Cc}]{1,255}$/u;
export const STREAM_ID_PATTERN = /^[^/\p{Cc}]{1,255}$/u;

/** The Postgres channel `append_batch` notifies on commit with `<storeId>:<lastPosition>`. */
export const APPENDS_CHANNEL = 'event_store_appends';

/** DECISIONS §3: a failed condition reports at most the lowest 100 conflicting positions (append_batch uses the same number). */
export const MAX_CONFLICTING_POSITIONS = 100;

/**
 * A stream's type is the part of its id before its first separator: append_batch derives it when it
 * creates the stream's row (with STREAM_TYPE_PATTERN), and the API documents it with the same list.
 */
export const STREAM_TYPE_SEPARATORS = ['-', '_', ':'];
/** A POSIX regular expression (PostgreSQL's regexp_match) for the type; '-' comes first, so it is literal in the class. */
export const STREAM_TYPE_PATTERN = `^[^${STREAM_TYPE_SEPARATORS.join('')}]*`;

/**
 * How a store's streams may be listed: `created`, oldest first (the default), or `updated`, the one
 * appended to last first.
 */
export const STREAM_LIST_SORTS = ['created', 'updated'] as const;
export type StreamListSort = (typeof STREAM_LIST_SORTS)[number];
