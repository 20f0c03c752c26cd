import type { EventBus } from '@nestjs/cqrs';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { EnvironmentVariables } from '../../config/environment-variables';
import type { Metrics } from '../../metrics/metrics';
import { AppendBatcher } from './append-batcher';
import type { StreamAppendRequest } from './append-request';

/**
 * What the batcher does when a batch's statement fails, which a real database cannot be made to do
 * on cue (a connection lost after the commit): the statement is the one boundary faked here.
 */
describe('AppendBatcher when a batch fails', () => {
  const request = (streamId: string): StreamAppendRequest => ({
    kind: 'stream',
    streamId,
    expectedVersion: undefined,
    events: [{ type: 't', data: {} }],
  });
  const metrics = {
    appendDuration: { startTimer: () => () => undefined },
    appendBatchRequests: { observe: () => undefined },
    eventsAppended: { inc: () => undefined },
    dcbConditionFailures: { inc: () => undefined },
    rateLimitRejected: () => undefined,
  } as unknown as Metrics;

  /** A batcher whose first statement is held until released, so that the next appends form one batch. */
  function batcherFailingItsSecondBatchWith(failure: Error) {
    const statements: string[][] = [];
    let releaseFirst!: () => void;
    const dataSource = {
      query: (_sql: string, [, requests]: [string, string]) => {
        const streams = (JSON.parse(requests) as { streamId: string }[]).map((r) => r.streamId);
        statements.push(streams);
        if (statements.length === 1) {
          return new Promise(
            (resolve) => (releaseFirst = () => resolve([{ ordinal: 0, outcome: 'appended', detail: { lastPosition: 1 } }])),
          );
        }
        if (streams.length > 1) return Promise.reject(failure);
        return Promise.resolve([{ ordinal: 0, outcome: 'appended', detail: { lastPosition: statements.length } }]);
      },
    } as unknown as DataSource;
    const batcher = new AppendBatcher(
      dataSource,
      { RATE_LIMIT_EVENTS_PER_MINUTE: 1000 } as EnvironmentVariables,
      { publish: () => undefined } as unknown as EventBus,
      metrics,
    );
    return { batcher, statements, releaseFirst: () => releaseFirst() };
  }

  it('runs each request alone when PostgreSQL refused the batch (it wrote nothing)', async () => {
    const refused = new QueryFailedError('SELECT append_batch', [], Object.assign(new Error('invalid byte sequence'), { code: '22021' }));
    const { batcher, statements, releaseFirst } = batcherFailingItsSecondBatchWith(refused);
    const first = batcher.append('es_1', request('a'));
    const others = [batcher.append('es_1', request('b')), batcher.append('es_1', request('c'))];
    releaseFirst();
    await first;
    await expect(Promise.all(others)).resolves.toHaveLength(2);
    expect(statements).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
  });

  it('fails every request of a batch whose failure may have come after its commit, and runs none again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const { batcher, statements, releaseFirst } = batcherFailingItsSecondBatchWith(lost);
    const first = batcher.append('es_1', request('a'));
    const others = [batcher.append('es_1', request('b')), batcher.append('es_1', request('c'))];
    releaseFirst();
    await first;
    for (const other of others) await expect(other).rejects.toBe(lost);
    expect(statements).toEqual([['a'], ['b', 'c']]);
  });
});
