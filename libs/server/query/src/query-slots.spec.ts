import { TooManyRequestsError } from '@quarry/domain';

import { QuerySlots } from './query-slots';

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('QuerySlots: turns for warehouse queries', () => {
  it("runs at most perUser queries of one user at once, in order, without holding back another user's", async () => {
    const slots = new QuerySlots({ perUser: 2, queuedPerUser: 10, embedded: 100 });
    const started: string[] = [];
    const take = (user: string, name: string) => slots.acquire({ user, embedded: false }).then((release) => (started.push(name), release));
    const a1 = await take('a', 'a1');
    await take('a', 'a2');
    const a3 = take('a', 'a3');
    const a4 = take('a', 'a4');
    await take('b', 'b1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    a1();
    await a3;
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(slots.snapshot()).toEqual({ running: 3, embeddedRunning: 0, waiting: 1 });
    void a4;
  });

  it('refuses a query past queuedPerUser with TooManyRequestsError and a Retry-After', async () => {
    const slots = new QuerySlots({ perUser: 1, queuedPerUser: 1, embedded: 100 });
    await slots.acquire({ user: 'a', embedded: false });
    void slots.acquire({ user: 'a', embedded: false });
    const refused = slots.acquire({ user: 'a', embedded: false });
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 5 });
    await expect(slots.acquire({ user: 'b', embedded: false })).resolves.toEqual(expect.any(Function));
  });

  it('bounds embedded DuckDB queries over all users, other warehouses not', async () => {
    const slots = new QuerySlots({ perUser: 5, queuedPerUser: 5, embedded: 1 });
    const first = await slots.acquire({ user: 'a', embedded: true });
    let secondStarted = false;
    const second = slots.acquire({ user: 'b', embedded: true }).then((release) => ((secondStarted = true), release));
    await slots.acquire({ user: 'b', embedded: false });
    await settle();
    expect(secondStarted).toBe(false);
    first();
    await second;
    expect(secondStarted).toBe(true);
  });

  it('drops a waiting query whose caller went away, and gives a turn back once', async () => {
    const slots = new QuerySlots({ perUser: 1, queuedPerUser: 5, embedded: 5 });
    const release = await slots.acquire({ user: 'a', embedded: true });
    const stop = new AbortController();
    const waiting = slots.acquire({ user: 'a', embedded: true, signal: stop.signal });
    stop.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(slots.snapshot().waiting).toBe(0);
    release();
    release();
    expect(slots.snapshot()).toEqual({ running: 0, embeddedRunning: 0, waiting: 0 });
  });
});
