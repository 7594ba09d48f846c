import dayjs, { toUtcDate } from './utc-dayjs';

describe('toUtcDate', () => {
  it('reads ISO text from the adapters as the instant dayjs reads', () => {
    for (const text of [
      '2024-01-15T10:20:30.123Z',
      '2024-01-15T10:20:30Z',
      '2024-01-15T10:20:30.123456789Z',
      '2024-02-29',
      '2024-02-30',
      '1969-12-31T23:59:59.999Z',
    ]) {
      expect(toUtcDate(text)?.toISOString()).toBe(dayjs.utc(text).toISOString());
    }
  });

  it('reads text without an offset as UTC, and other shapes through dayjs', () => {
    expect(toUtcDate('2024-01-15T10:20:30')?.toISOString()).toBe('2024-01-15T10:20:30.000Z');
    expect(toUtcDate('2024-01-15 10:20:30.500')?.toISOString()).toBe('2024-01-15T10:20:30.500Z');
    expect(toUtcDate('2024-01-15T10:20:30+02:00')?.toISOString()).toBe('2024-01-15T08:20:30.000Z');
  });

  it('keeps years before 100 (dayjs would read 0001 as 1901)', () => {
    expect(toUtcDate('0001-01-01')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });

  it('answers undefined for what is not a date', () => {
    expect(toUtcDate('2024-01-15T25:00:00Z')).toBeUndefined();
    expect(toUtcDate('soon')).toBeUndefined();
    expect(toUtcDate(true)).toBeUndefined();
    expect(toUtcDate(new Date(Number.NaN))).toBeUndefined();
  });
});
