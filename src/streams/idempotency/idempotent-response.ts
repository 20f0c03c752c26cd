/** A response body plus whether it is the replay of an earlier request with the same key. */
export class IdempotentResponse<T> {
  constructor(
    readonly body: T,
    readonly replayed: boolean,
  ) {}
}
