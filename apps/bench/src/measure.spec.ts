import { measure, shuffled } from './measure';

describe('measure', () => {
  it('times each variant `iterations` times after `warmup` untimed runs', async () => {
    const runs = { a: 0, b: 0 };
    const samples = await measure(
      [
        { id: 'a', run: async () => void (runs.a += 1) },
        { id: 'b', run: async () => void (runs.b += 1) },
      ],
      { iterations: 7, warmup: 2 },
    );
    expect(runs).toEqual({ a: 9, b: 9 });
    expect(samples.a).toHaveLength(7);
    expect(samples.b).toHaveLength(7);
  });

  it('runs variants in a changing order, so that none always follows the same one', async () => {
    const order: string[] = [];
    const variant = (id: string) => ({ id, run: async () => void order.push(id) });
    await measure([variant('a'), variant('b'), variant('c')], { iterations: 200, warmup: 0 });
    const predecessorsOfB = new Set(order.flatMap((id, index) => (id === 'b' && index % 3 !== 0 ? [order[index - 1]] : [])));
    expect(predecessorsOfB).toEqual(new Set(['a', 'c']));
  });

  it('shuffles into a permutation of its input', () => {
    const items = [1, 2, 3, 4, 5];
    for (let trial = 0; trial < 50; trial += 1) expect([...shuffled(items)].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });
});
