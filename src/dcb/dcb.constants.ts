export const MAX_QUERY_ITEMS = 100;
export const MAX_ITEM_VALUES = 50;
