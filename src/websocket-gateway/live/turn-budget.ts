/**
 * Bytes that all replays of the instance together may send in one turn of the event loop. Past it,
 * a sender waits for a later turn, oldest first: however many replays run, the event loop gets back
 * to other requests after about `bytesPerTurn` of replay work, instead of after one chunk per replay.
 */
export class TurnBudget {
  private spent = 0;
  private readonly waiting: (() => void)[] = [];
  private turnScheduled = false;

  constructor(private readonly bytesPerTurn: number) {}

  /** Counts `bytes` against this turn: undefined when they fit, else resolves in a later turn that has room. */
  spend(bytes: number): Promise<void> | undefined {
    this.scheduleNextTurn();
    // Someone waits only while the turn is spent: a new turn admits waiters before anyone else.
    if (this.spent < this.bytesPerTurn) {
      this.spent += bytes;
      return undefined;
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.spent += bytes;
        resolve();
      }),
    );
  }

  private scheduleNextTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    // setImmediate runs after the event loop has polled for I/O: requests waiting meanwhile are served first.
    setImmediate(() => this.nextTurn());
  }

  private nextTurn(): void {
    this.turnScheduled = false;
    this.spent = 0;
    while (this.waiting.length > 0 && this.spent < this.bytesPerTurn) this.waiting.shift()!();
    // What the admitted spent belongs to this turn: the next one starts afresh.
    if (this.waiting.length > 0 || this.spent > 0) this.scheduleNextTurn();
  }
}
