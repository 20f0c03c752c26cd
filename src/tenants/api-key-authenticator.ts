import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Principal } from '../auth/principal';
import { NOBODY, Verification } from '../auth/strategies/credential-check';
import { waitUntilPast } from '../common/monotonic-wait';
import { API_KEY_PREFIX, hashApiKey } from './api-key-secret';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyRevocations } from './api-key-revocations';

/**
 * How long a verified key may be taken on trust without asking the database again, counted from
 * when the database was asked. Within it, a remembered key is used only once this instance has
 * heard every revocation announced before the request (ApiKeyRevocations); this lifetime is the
 * fallback for a revocation that could not be announced (Redis unreachable, the revoker stopped
 * before announcing). It spares the busiest path a PostgreSQL round trip per request, for a Redis
 * PING every few dozen milliseconds while keys are in use (ChannelSubscription.caughtUp).
 */
export const VERIFIED_KEY_TTL_MS = 1000;
// Staleness judged with the current time on every read (lru-cache would otherwise reuse one reading
// of the clock for a millisecond or more), on the clock of performance.now(), like each entry's start.
const CACHE_OPTIONS = { max: 10_000, ttl: VERIFIED_KEY_TTL_MS, ttlResolution: 0 };

@Injectable()
export class ApiKeyAuthenticator {
  /** Keyed by the key's hash (base64), never by the key itself. */
  private readonly byHash = new LRUCache<string, Principal>(CACHE_OPTIONS);
  private readonly byId = new LRUCache<string, Principal>(CACHE_OPTIONS);

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly revocations: ApiKeyRevocations,
  ) {
    revocations.listen({ revoked: (apiKeyId) => this.forget(apiKeyId), interrupted: () => this.forgetAll() });
  }

  /** The principal for a presented secret, or null when it is unknown or revoked. */
  authenticate(key: string): Promise<Principal | null> {
    return this.verify(key).caller;
  }

  /** authenticate's answer, and meanwhile the key this instance remembers the secret for, not yet confirmed. */
  verify(key: string): Verification<Principal> {
    if (!key.startsWith(API_KEY_PREFIX)) return NOBODY;
    const hash = hashApiKey(key);
    const cacheKey = hash.toString('base64');
    const presumedApiKeyId = this.byHash.peek(cacheKey)?.apiKeyId;
    return { caller: this.lookUp(this.byHash, cacheKey, () => this.apiKeys.findActiveByHash(hash)), presumedApiKeyId };
  }

  /** The principal for a key id carried in a JWT, or null when the key has been revoked since. */
  async findActive(apiKeyId: string): Promise<Principal | null> {
    return this.lookUp(this.byId, apiKeyId, () => this.apiKeys.findActiveById(apiKeyId));
  }

  /** Drops a revoked key from this instance's memory. */
  forget(apiKeyId: string): void {
    this.byId.delete(apiKeyId);
    for (const [hash, principal] of this.byHash.entries()) if (principal.apiKeyId === apiKeyId) this.byHash.delete(hash);
  }

  /**
   * Resolves once no instance trusts anything it learnt from the database before `instant` (a
   * performance.now() reading): what a revoker waits for when its revocation could not be announced.
   */
  outlived(instant: number): Promise<void> {
    return waitUntilPast(instant + VERIFIED_KEY_TTL_MS);
  }

  private forgetAll(): void {
    this.byHash.clear();
    this.byId.clear();
  }

  private async lookUp(
    cache: LRUCache<string, Principal>,
    cacheKey: string,
    find: () => Promise<Principal | null>,
  ): Promise<Principal | null> {
    return (await this.remembered(cache, cacheKey)) ?? this.ask(cache, cacheKey, find);
  }

  /**
   * A remembered principal, once this instance has heard every revocation announced before the
   * request arrived (a revocation heard meanwhile has removed it); undefined when that cannot be
   * known, e.g. without Redis: then the database decides.
   */
  private async remembered(cache: LRUCache<string, Principal>, cacheKey: string): Promise<Principal | undefined> {
    if (!cache.has(cacheKey) || !(await this.revocations.caughtUp())) return undefined;
    return cache.get(cacheKey);
  }

  /**
   * Asks the database. The answer is remembered only if no revocation was heard, or could have been
   * missed, while it was asked: one committed just after the read began must not be outlived by it.
   * Unknown or revoked keys are never remembered: they are asked about every time.
   */
  private async ask(
    cache: LRUCache<string, Principal>,
    cacheKey: string,
    find: () => Promise<Principal | null>,
  ): Promise<Principal | null> {
    const mark = this.revocations.mark();
    const askedAt = performance.now();
    const principal = await find();
    if (principal && mark !== undefined && mark === this.revocations.mark()) cache.set(cacheKey, principal, { start: askedAt });
    return principal;
  }
}
