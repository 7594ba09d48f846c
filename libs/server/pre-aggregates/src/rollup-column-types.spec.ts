import { RollupColumnTypes } from './rollup-column-types';

describe('RollupColumnTypes', () => {
  function typesOf(values: Record<string, unknown[]>, declared: Record<string, 'number' | 'date' | 'timestamp' | 'string' | 'boolean'>) {
    const types = new RollupColumnTypes(Object.keys(values));
    for (const [name, type] of Object.entries(declared)) types.declare(name, type);
    const written = Object.fromEntries(
      Object.entries(values).map(([name, list]) => [name, list.map((value) => types.observe(name, value))]),
    );
    return { columns: Object.fromEntries(types.columns().map((column) => [column.name, column.type])), written };
  }

  it('keeps integers, exact decimals and wide integers exact, and falls back to DOUBLE only without an exact form', () => {
    const { columns } = typesOf(
      { count: [1, 2, null], wide: ['9223372036854775808'], price: [12.5, '1234.125', 3], ratio: [1.5, 1e-20], none: [null] },
      { count: 'number', wide: 'number', price: 'number', ratio: 'number', none: 'number' },
    );
    expect(columns).toEqual({ count: 'BIGINT', wide: 'HUGEINT', price: 'DECIMAL(38,3)', ratio: 'DOUBLE', none: 'BIGINT' });
  });

  it('writes dates as days and timestamps as their UTC wall-clock time', () => {
    const { columns, written } = typesOf(
      { day: ['2018-01-01T00:00:00.000Z'], at: ['2018-01-01T12:34:56.789Z'], name: ['a'], flag: [true] },
      { day: 'date', at: 'timestamp', name: 'string', flag: 'boolean' },
    );
    expect(columns).toEqual({ day: 'DATE', at: 'TIMESTAMP', name: 'VARCHAR', flag: 'BOOLEAN' });
    expect(written).toEqual({ day: ['2018-01-01'], at: ['2018-01-01 12:34:56.789'], name: ['a'], flag: [true] });
  });
});
