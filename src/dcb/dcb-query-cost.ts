import { Injectable } from '@nestjs/common';
import { ValidationError } from '../common/errors/common.errors';
import { EnvironmentVariables } from '../config/environment-variables';
import type { DcbQueryItem } from '../event-log/read/dcb-event-reader';

/**
 * What a DCB query costs the database, counted before it runs: each item is a scan per type (or,
 * with tags, a scan of its first tag checking the rest) that may run to the end of the store, so
 * the count is the sum over items of (types, at least 1) × (tags, at least 1).
 */
export function dcbQueryCost(items: DcbQueryItem[]): number {
  return items.reduce((cost, { types = [], tags = [] }) => cost + Math.max(1, types.length) * Math.max(1, tags.length), 0);
}

/** A DCB query (a read's, or an append's condition) costlier than DCB_MAX_QUERY_COST, refused before it runs. */
export class DcbQueryTooCostlyError extends ValidationError {
  constructor(field: string, cost: number, maxCost: number) {
    super(
      [{ field, message: `costs ${cost} (the sum over items of types × tags, each at least 1); at most ${maxCost} (DCB_MAX_QUERY_COST)` }],
      'The DCB query is too costly',
    );
    Object.assign(this.details, { limit: 'dcbQueryCost', cost, maxCost });
  }
}

/** Refuses DCB queries past the configured cost, so that no single query can keep the database busy for seconds. */
@Injectable()
export class DcbQueryBudget {
  constructor(private readonly config: EnvironmentVariables) {}

  /** `field`: where the query's items sit in the request, for the error. */
  check(items: DcbQueryItem[], field: string): void {
    const cost = dcbQueryCost(items);
    if (cost > this.config.DCB_MAX_QUERY_COST) throw new DcbQueryTooCostlyError(field, cost, this.config.DCB_MAX_QUERY_COST);
  }
}
