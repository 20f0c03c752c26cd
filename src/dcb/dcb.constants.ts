export const MAX_QUERY_ITEMS = 100;
export const MAX_ITEM_VALUES = 50;
/** DECISIONS §3: a failed condition reports at most the lowest 100 conflicting positions (append_batch uses the same number). */
export const MAX_CONFLICTING_POSITIONS = 100;
