import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('hands out its permits at once, then to waiters in the order they asked', async () => {
    const semaphore = new Semaphore(2);
    const signal = new AbortController().signal;
    const first = await semaphore.acquire(signal);
    await semaphore.acquire(signal);
    const granted: string[] = [];
    void semaphore.acquire(signal).then(() => granted.push('third'));
    void semaphore.acquire(signal).then(() => granted.push('fourth'));
    await settle();
    expect(granted).toEqual([]);

    first();
    first();
    await settle();
    // Releasing twice gives one permit back, not two.
    expect(granted).toEqual(['third']);
  });

  it('lets an aborted waiter leave the queue without taking a permit', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire(new AbortController().signal);
    const leaving = new AbortController();
    const abandoned = semaphore.acquire(leaving.signal);
    const next = semaphore.acquire(new AbortController().signal);
    leaving.abort(new Error('ended'));
    await expect(abandoned).rejects.toThrow('ended');

    release();
    (await next)();
    expect(semaphore.idle).toBe(true);
  });

  it('refuses at once when the signal has already aborted', async () => {
    const ended = new AbortController();
    ended.abort(new Error('ended'));
    await expect(new Semaphore(1).acquire(ended.signal)).rejects.toThrow('ended');
  });
});
