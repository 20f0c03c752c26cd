import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IdempotencyConflictError } from '../stream.errors';
import type { IdempotencyRequest } from './idempotency-request.decorator';

export interface IdempotentOutcome<T> {
  result: T;
  replayed: boolean;
}

/**
 * DECISIONS §5. The key is claimed in the append's own transaction: a concurrent request with the
 * same key blocks on the claim until the first commits (then replays its result) or rolls back
 * (then goes ahead itself). Only successes are kept, because a failure rolls its claim back.
 * A record older than 24 hours counts as absent and is claimed anew.
 */
const CLAIM = `
  INSERT INTO idempotency_keys AS k (event_store_id, key, fingerprint) VALUES ($1, $2, $3)
  ON CONFLICT (event_store_id, key) DO UPDATE
     SET fingerprint = EXCLUDED.fingerprint, result = NULL, created_at = now()
   WHERE k.created_at < now() - interval '24 hours'
  RETURNING true AS claimed`;

@Injectable()
export class IdempotencyKeys {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` once per key and store; without a key, simply runs it. */
  async run<T>(
    eventStoreId: string,
    request: IdempotencyRequest | undefined,
    work: (manager?: EntityManager) => Promise<T>,
  ): Promise<IdempotentOutcome<T>> {
    if (!request) return { result: await work(), replayed: false };
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager.query(CLAIM, [eventStoreId, request.key, request.fingerprint]);
      if (claimed.length === 0) return { result: await this.storedResult<T>(manager, eventStoreId, request), replayed: true };
      const result = await work(manager);
      await manager.query(`UPDATE idempotency_keys SET result = $3 WHERE event_store_id = $1 AND key = $2`, [
        eventStoreId,
        request.key,
        JSON.stringify(result),
      ]);
      return { result, replayed: false };
    });
  }

  private async storedResult<T>(manager: EntityManager, eventStoreId: string, request: IdempotencyRequest): Promise<T> {
    const [stored] = await manager.query(`SELECT fingerprint, result FROM idempotency_keys WHERE event_store_id = $1 AND key = $2`, [
      eventStoreId,
      request.key,
    ]);
    if (stored.fingerprint !== request.fingerprint) throw new IdempotencyConflictError(request.key);
    return stored.result;
  }
}
