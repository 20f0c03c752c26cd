import type { Logger } from '@nestjs/common';

/** How long the repeats of a warning are counted before one line sums them up. */
const WINDOW_MS = 10_000;

/**
 * A warning that can repeat many times a second while something stays broken (every reconnection
 * attempt or refused command while Redis is down): the first is logged at once, the repeats of the
 * next 10 s are counted, and one line then says how many there were and what the last one said. So an
 * outage is visible in the log from its first second without filling it.
 */
export class RepeatedWarning {
  private windowEndsAt = 0;
  private repeats = 0;
  private last = '';

  constructor(private readonly logger: Logger) {}

  warn(message: string): void {
    if (Date.now() < this.windowEndsAt) {
      this.repeats += 1;
      this.last = message;
      return;
    }
    this.logger.warn(message);
    this.windowEndsAt = Date.now() + WINDOW_MS;
    // Not keeping the process alive for a summary: one that is stopping has said what mattered.
    setTimeout(() => this.summarise(), WINDOW_MS).unref();
  }

  private summarise(): void {
    if (this.repeats === 0) return;
    this.logger.warn(`${this.repeats} more like it in the last ${WINDOW_MS / 1000} s, the last: ${this.last}`);
    this.repeats = 0;
  }
}
