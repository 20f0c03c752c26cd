import { DomainError } from '../common/errors/domain-error';
import { MAX_CONFLICTING_POSITIONS } from './dcb.constants';

/** Renders the spec's DCB failure body (plus `code`), not the error envelope. */
export class AppendConditionFailedError extends DomainError {
  readonly code = 'APPEND_CONDITION_FAILED';
  readonly status = 409;

  constructor(
    readonly conflictingPositions: number[],
    readonly afterPosition: number,
  ) {
    super('Append condition failed');
  }

  override ownBody(): Record<string, unknown> {
    const count = this.conflictingPositions.length;
    return {
      error: this.message,
      code: this.code,
      details: `${count === MAX_CONFLICTING_POSITIONS ? `At least ${count}` : count} event(s) after position ${this.afterPosition} match failIfEventsMatch`,
      conflictingPositions: this.conflictingPositions,
      afterPosition: this.afterPosition,
    };
  }
}
