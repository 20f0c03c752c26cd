import { OriginNotAllowedError } from '../errors/common.errors';

/**
 * Which browser origins may use the service besides its own (CORS_ALLOWED_ORIGINS): none by
 * default, the exact origins listed, or any with `*`. One rule for CORS requests and for
 * WebSocket upgrades, which browsers send with an `Origin` but outside CORS.
 */
export class OriginPolicy {
  private readonly origins: ReadonlySet<string>;
  readonly allowsAny: boolean;

  constructor(allowList: readonly string[]) {
    this.allowsAny = allowList.includes('*');
    this.origins = new Set(allowList);
  }

  /** Whether any other origin is let in at all. */
  get enabled(): boolean {
    return this.allowsAny || this.origins.size > 0;
  }

  allows(origin: string): boolean {
    return this.allowsAny || this.origins.has(origin);
  }

  /**
   * An upgrade without `Origin` does not come from a browser and is not this policy's business; one
   * from the service's own origin (the web console: the origin's host is the request's `Host`) or
   * from a listed origin passes. Anything else is refused.
   */
  checkUpgrade(origin: string | undefined, host: string | undefined): void {
    if (origin === undefined || this.allows(origin) || isSameHost(origin, host)) return;
    throw new OriginNotAllowedError(origin, this.enabled);
  }

  /** The refusal of a CORS preflight that was not answered as allowed. */
  preflightRefusal(origin: string): OriginNotAllowedError {
    return new OriginNotAllowedError(origin, this.enabled);
  }
}

/** The scheme is left out: behind a proxy ending TLS the browser's `https:` origin reaches us over plain HTTP. */
function isSameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    // `null` (a sandboxed frame, a file) and other non-URLs are no one's own origin.
    return false;
  }
}
