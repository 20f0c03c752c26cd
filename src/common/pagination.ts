/** Offsets beyond this are refused (400) rather than overflowing a query; no page lies that far. */
export const MAX_OFFSET = 1_000_000_000;
