import { fieldsOf, rowFromRecord, rowFromValues } from './result-columns';

const columns = [
  { name: 'id', kind: 'integer' as const },
  { name: 'at', kind: 'timestamp' as const, unwrap: (value: unknown) => (value as { value: string }).value },
];

describe('result columns', () => {
  it('reports dimension types by name', () => {
    expect(fieldsOf(columns)).toEqual({ id: { type: 'number' }, at: { type: 'timestamp' } });
  });

  it('builds rows from positional values and from records, unwrapping first and keeping nulls', () => {
    expect(rowFromValues(columns, ['1', { value: '2018-01-01 00:00:00' }])).toEqual({ id: 1, at: '2018-01-01T00:00:00.000Z' });
    expect(rowFromRecord(columns, { id: 2n, at: null })).toEqual({ id: 2, at: null });
  });
});
