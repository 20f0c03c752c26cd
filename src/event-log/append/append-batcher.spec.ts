import type { EventBus } from '@nestjs/cqrs';
import { QueryFailedError } from 'typeorm';
import type { EnvironmentVariables } from '../../config/environment-variables';
import type { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import type { Metrics } from '../../metrics/metrics';
import { AppendBatcher, BATCHES_IN_FLIGHT, SECOND_BATCH_MIN_BYTES } from './append-batcher';
import type { StreamAppendRequest } from './append-request';

/**
 * What the batcher does when a batch's statement fails, which a real database cannot be made to do
 * on cue (a connection lost after the commit): the statement is the one boundary faked here.
 */
describe('AppendBatcher when a batch fails', () => {
  const request = (streamId: string, data: Record<string, unknown> = {}): StreamAppendRequest => ({
    kind: 'stream',
    streamId,
    expectedVersion: undefined,
    events: [{ type: 't', data }],
  });
  /** An append large enough to go in flight beside another batch. */
  const large = (streamId: string) => request(streamId, { pad: 'x'.repeat(SECOND_BATCH_MIN_BYTES) });
  const metrics = {
    appendDuration: { startTimer: () => () => undefined },
    appendBatchRequests: { observe: () => undefined },
    eventsAppended: { inc: () => undefined },
    dcbConditionFailures: { inc: () => undefined },
    rateLimitRejected: () => undefined,
  } as unknown as Metrics;

  /** The primary as the batcher must ask for it: for the appends of the store's tenant. */
  const onlyForAppendsOf = (tenantId: string, primary: { query: unknown }) =>
    ({
      for: (asked: string | null, work: string) => {
        expect({ asked, work }).toEqual({ asked: tenantId, work: 'append' });
        return primary;
      },
    }) as unknown as TenantDatabase;

  /** A batcher of tenant `ten_1`'s appends on `primary`. */
  const batcherOn = (primary: { query: unknown }) =>
    new AppendBatcher(
      onlyForAppendsOf('ten_1', primary),
      { RATE_LIMIT_EVENTS_PER_MINUTE: 1000 } as EnvironmentVariables,
      { publish: () => undefined } as unknown as EventBus,
      metrics,
    );

  /**
   * Lets appends made so far reach their store's queue and a batch leave if one can: a batch leaves at
   * the end of a turn of the event loop, with a setImmediate registered after this helper's first.
   */
  const queued = async () => {
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  /** Streams of the appends that occupy every batch in flight, so that the next appends wait and form one batch. */
  const HELD = Array.from({ length: BATCHES_IN_FLIGHT }, (_, n) => `held-${n}`);

  /** Sends the appends of HELD one turn apart, so that each leaves in a batch of its own. */
  const occupyEveryBatch = async (batcher: AppendBatcher) => {
    const held: Promise<unknown>[] = [];
    for (const streamId of HELD) {
      held.push(batcher.append('ten_1', 'es_1', large(streamId)));
      await queued();
    }
    return held;
  };

  /** A batcher whose first BATCHES_IN_FLIGHT statements are held until released, and whose batches of several fail. */
  function batcherFailingItsSecondBatchWith(failure: Error) {
    const statements: string[][] = [];
    const held: (() => void)[] = [];
    const primary = {
      query: (_sql: string, [, requests]: [string, string]) => {
        const streams = (JSON.parse(requests) as { streamId: string }[]).map((r) => r.streamId);
        statements.push(streams);
        if (statements.length <= HELD.length) {
          const position = statements.length;
          return new Promise((resolve) =>
            held.push(() => resolve([{ ordinal: 0, outcome: 'appended', detail: { lastPosition: position } }])),
          );
        }
        if (streams.length > 1) return Promise.reject(failure);
        return Promise.resolve([{ ordinal: 0, outcome: 'appended', detail: { lastPosition: statements.length } }]);
      },
    };
    const batcher = batcherOn(primary);
    return { batcher, statements, releaseHeld: () => held.forEach((release) => release()) };
  }

  it('runs each request alone when PostgreSQL refused the batch (it wrote nothing)', async () => {
    const refused = new QueryFailedError('SELECT append_batch', [], Object.assign(new Error('invalid byte sequence'), { code: '22021' }));
    const { batcher, statements, releaseHeld } = batcherFailingItsSecondBatchWith(refused);
    const held = await occupyEveryBatch(batcher);
    const others = [batcher.append('ten_1', 'es_1', request('b')), batcher.append('ten_1', 'es_1', request('c'))];
    await queued();
    releaseHeld();
    await Promise.all(held);
    await expect(Promise.all(others)).resolves.toHaveLength(2);
    expect(statements).toEqual([...HELD.map((streamId) => [streamId]), ['b', 'c'], ['b'], ['c']]);
  });

  it('starts a second batch only when the requests waiting are large enough, so small ones join a larger batch', async () => {
    const statements: string[][] = [];
    const pending: (() => void)[] = [];
    const primary = {
      query: (_sql: string, [, requests]: [string, string]) => {
        const streams = (JSON.parse(requests) as { streamId: string }[]).map((r) => r.streamId);
        statements.push(streams);
        const rows = streams.map((_, ordinal) => ({ ordinal, outcome: 'appended', detail: { lastPosition: ordinal + 1 } }));
        return new Promise((resolve) => pending.push(() => resolve(rows)));
      },
    };
    const batcher = batcherOn(primary);
    const appends = [batcher.append('ten_1', 'es_1', request('first'))];
    await queued();
    appends.push(batcher.append('ten_1', 'es_1', request('s-1')), batcher.append('ten_1', 'es_1', request('s-2')));
    await queued();
    expect(statements).toEqual([['first']]);
    appends.push(batcher.append('ten_1', 'es_1', large('big')));
    await queued();
    expect(statements).toEqual([['first'], ['s-1', 's-2', 'big']]);
    while (pending.length > 0) pending.shift()!();
    await expect(Promise.all(appends)).resolves.toHaveLength(4);
  });

  it('sends the requests that reach an idle store in one turn of the event loop together, not the first alone', async () => {
    const statements: string[][] = [];
    const primary = {
      query: (_sql: string, [, requests]: [string, string]) => {
        const streams = (JSON.parse(requests) as { streamId: string }[]).map((r) => r.streamId);
        statements.push(streams);
        return Promise.resolve(streams.map((_, ordinal) => ({ ordinal, outcome: 'appended', detail: { lastPosition: ordinal + 1 } })));
      },
    };
    const batcher = batcherOn(primary);
    const appends = ['a', 'b', 'c'].map((streamId) => batcher.append('ten_1', 'es_1', request(streamId)));
    await expect(Promise.all(appends)).resolves.toHaveLength(3);
    expect(statements).toEqual([['a', 'b', 'c']]);
  });

  it('fails every request of a batch whose failure may have come after its commit, and runs none again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const { batcher, statements, releaseHeld } = batcherFailingItsSecondBatchWith(lost);
    const held = await occupyEveryBatch(batcher);
    const others = [batcher.append('ten_1', 'es_1', request('b')), batcher.append('ten_1', 'es_1', request('c'))];
    await queued();
    releaseHeld();
    await Promise.all(held);
    for (const other of others) await expect(other).rejects.toBe(lost);
    expect(statements).toEqual([...HELD.map((streamId) => [streamId]), ['b', 'c']]);
  });
});
