/** DECISIONS §1: lowercase letters, digits, `_` and `-`; the `es_` prefix is reserved for ids. */
export const EVENT_STORE_NAME_PATTERN = /^(?!es_)[a-z0-9_-]{3,63}$/;
export const MAX_DESCRIPTION_LENGTH = 255;
export const MAX_REGION_LENGTH = 64;
export const DEFAULT_REGION = 'default';
export const DEFAULT_STORE_LIST_LIMIT = 50;
export const MAX_STORE_LIST_LIMIT = 1000;
