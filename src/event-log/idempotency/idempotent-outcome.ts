/** An append's result, and whether it is the stored result of an earlier request with the same key (DECISIONS §5). */
export interface IdempotentOutcome<T> {
  result: T;
  replayed: boolean;
}
