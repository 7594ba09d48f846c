import { normaliseDate, normaliseTimestamp } from './normalise-temporal';

describe('normaliseTimestamp', () => {
  it.each([
    ['2018-01-01 00:00:00', '2018-01-01T00:00:00.000Z'],
    ['2018-01-01T12:34:56.789123', '2018-01-01T12:34:56.789Z'],
    ['2018-01-01 12:34:56.7', '2018-01-01T12:34:56.700Z'],
    ['2018-01-01 12:34', '2018-01-01T12:34:00.000Z'],
    ['2018-01-01', '2018-01-01T00:00:00.000Z'],
    ['2018-01-01 12:00:00+02', '2018-01-01T10:00:00.000Z'],
    ['2018-01-01 12:00:00-05:30', '2018-01-01T17:30:00.000Z'],
    ['2018-01-01 12:00:00+0530', '2018-01-01T06:30:00.000Z'],
    ['2018-01-01T12:00:00Z', '2018-01-01T12:00:00.000Z'],
    ['2018-01-01 12:00:00.000 UTC', '2018-01-01T12:00:00.000Z'],
    ['2018-01-01 12:00:00.000 America/New_York', '2018-01-01T17:00:00.000Z'],
    ['2018-07-01 12:00:00.000 America/New_York', '2018-07-01T16:00:00.000Z'],
    ['2018-01-01 12:00:00.000 +02:00', '2018-01-01T10:00:00.000Z'],
    ['0044-03-15 12:00:00+00 BC', '-000043-03-15T12:00:00.000Z'],
    ['0099-01-01 00:00:00', '0099-01-01T00:00:00.000Z'],
  ])('%p → %p', (raw, expected) => {
    expect(normaliseTimestamp(raw)).toBe(expected);
  });

  it('reads Dates and epoch milliseconds as instants', () => {
    expect(normaliseTimestamp(new Date(Date.UTC(2018, 0, 1, 12)))).toBe('2018-01-01T12:00:00.000Z');
    expect(normaliseTimestamp(1514764800000)).toBe('2018-01-01T00:00:00.000Z');
  });

  it('returns values a Date cannot hold as the warehouse printed them', () => {
    expect(normaliseTimestamp('infinity')).toBe('infinity');
    expect(normaliseTimestamp('294247-01-10 04:00:54.775807')).toBe('294247-01-10 04:00:54.775807');
    expect(normaliseTimestamp('2018-01-01 12:00:00 Not/AZone')).toBe('2018-01-01 12:00:00 Not/AZone');
  });
});

describe('normaliseDate', () => {
  it.each([
    ['2018-01-01', '2018-01-01T00:00:00.000Z'],
    ['2018-1-2', '2018-01-02T00:00:00.000Z'],
    ['0044-03-15 BC', '-000043-03-15T00:00:00.000Z'],
    ['-infinity', '-infinity'],
  ])('%p → %p', (raw, expected) => {
    expect(normaliseDate(raw)).toBe(expected);
  });

  it('takes the UTC day of Dates and epoch milliseconds', () => {
    expect(normaliseDate(new Date('2018-01-01T23:59:59.999Z'))).toBe('2018-01-01T00:00:00.000Z');
    expect(normaliseDate(-1)).toBe('1969-12-31T00:00:00.000Z');
  });
});
