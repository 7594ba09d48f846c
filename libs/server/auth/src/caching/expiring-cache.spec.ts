import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('keeps a value for its lifetime, then loads again', async () => {
    const cache = new ExpiringCache<string, number>(1_000, 10, clock);
    let loads = 0;
    const load = async () => (loads += 1);
    await expect(cache.getOrLoad('a', load)).resolves.toBe(1);
    now += 999;
    await expect(cache.getOrLoad('a', load)).resolves.toBe(1);
    now += 1;
    await expect(cache.getOrLoad('a', load)).resolves.toBe(2);
  });

  it('caches "nothing there" answers too', async () => {
    const cache = new ExpiringCache<string, null>(1_000, 10, clock);
    const load = jest.fn(async () => null);
    await cache.getOrLoad('a', load);
    await cache.getOrLoad('a', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new ExpiringCache<string, string>(1_000, 10, clock);
    const load = jest.fn(async () => 'value');
    await expect(Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])).resolves.toEqual(['value', 'value']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a value loaded across a clear (it may predate the change that cleared it)', async () => {
    const cache = new ExpiringCache<string, string>(1_000, 10, clock);
    let finishLoad: (value: string) => void = () => undefined;
    const stale = cache.getOrLoad('a', () => new Promise<string>((resolve) => (finishLoad = resolve)));
    cache.clear();
    finishLoad('before the change');
    await expect(stale).resolves.toBe('before the change');
    await expect(cache.getOrLoad('a', async () => 'after the change')).resolves.toBe('after the change');
  });

  it('forgets everything on clear', async () => {
    const cache = new ExpiringCache<string, string>(1_000, 10, clock);
    await cache.getOrLoad('a', async () => 'old');
    cache.clear();
    await expect(cache.getOrLoad('a', async () => 'new')).resolves.toBe('new');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new ExpiringCache<string, string>(1_000, 2, clock);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
  });

  it('keeps nothing with a lifetime of 0', async () => {
    const cache = new ExpiringCache<string, number>(0, 10, clock);
    let loads = 0;
    await cache.getOrLoad('a', async () => (loads += 1));
    await cache.getOrLoad('a', async () => (loads += 1));
    expect(loads).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new ExpiringCache<string, string>(1_000, 10, clock);
    await expect(cache.getOrLoad('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.getOrLoad('a', async () => 'up')).resolves.toBe('up');
  });
});
