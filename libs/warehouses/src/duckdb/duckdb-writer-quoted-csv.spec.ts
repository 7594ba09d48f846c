import { WriterQuotingStops } from './duckdb-writer-quoted-csv';

describe('WriterQuotingStops', () => {
  it('remembers a query by its SQL and values, and forgets the oldest past its capacity', () => {
    const stops = new WriterQuotingStops(2);
    stops.add('SELECT $1', ['a#b']);
    expect(stops.has('SELECT $1', ['a#b'])).toBe(true);
    expect(stops.has('SELECT $1', ['plain'])).toBe(false);
    expect(stops.has('SELECT $2', ['a#b'])).toBe(false);
    stops.add('SELECT $1', [1n]);
    stops.add('SELECT $1', ['a#b']); // used again: now the newest
    stops.add('SELECT 3', []);
    expect([stops.has('SELECT $1', ['a#b']), stops.has('SELECT $1', [1n]), stops.has('SELECT 3', [])]).toEqual([true, false, true]);
  });
});
