/** A globalPosition the client has seen (of an append's answer, or of an event it read): its reads must see at least that far. */
export const MIN_GLOBAL_POSITION_HEADER = 'Min-Global-Position';
