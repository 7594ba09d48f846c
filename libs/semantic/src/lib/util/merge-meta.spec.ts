import { mergeMeta } from './merge-meta';

describe('mergeMeta', () => {
  it('lets later sources win, merging objects deeply', () => {
    expect(mergeMeta({ label: 'A', dimension: { type: 'string', hidden: true } }, { dimension: { type: 'number' } })).toEqual({
      label: 'A',
      dimension: { type: 'number', hidden: true },
    });
  });

  it('merges arrays index by index, as the reference merge does', () => {
    expect(mergeMeta({ joins: [{ join: 'a', sql_on: 'x' }, { join: 'b' }] }, { joins: [{ join: 'c' }] })).toEqual({
      joins: [{ join: 'c', sql_on: 'x' }, { join: 'b' }],
    });
  });

  it('never overwrites with undefined and ignores non-object sources', () => {
    expect(mergeMeta({ a: 1 }, { a: undefined }, null, 'text')).toEqual({ a: 1 });
  });

  it('does not modify its sources', () => {
    const first = { nested: { a: 1 } };
    mergeMeta(first, { nested: { b: 2 } });
    expect(first).toEqual({ nested: { a: 1 } });
  });
});
