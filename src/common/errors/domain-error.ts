/**
 * Every error the service means to show a client. Handlers throw these; the global filter renders
 * them in the envelope of the path family that was called, so no layer below a controller knows
 * about HTTP responses.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;

  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The body to send instead of the envelope, for the one error the spec gives its own shape (DCB). */
  ownBody(): Record<string, unknown> | null {
    return null;
  }

  /** Response headers the error tells the client (a 429's `Retry-After`). */
  headers(): Record<string, string> {
    return {};
  }
}
