import { boundaryText, RelativeDates } from './relative-date-bounds';

describe('RelativeDates', () => {
  const now = new Date('2018-04-01T02:30:00Z'); // still March 31 in New York

  it('computes periods in the query time zone', () => {
    const dates = new RelativeDates(now, 'America/New_York', 0);
    expect(boundaryText(dates.startOf(dates.current(), 'months'), 'date')).toBe('2018-03-01');
    expect(boundaryText(dates.startOf(dates.current(), 'months'), 'timestamp')).toBe('2018-03-01 05:00:00.000+00:00');
    const utc = new RelativeDates(now, 'UTC', 0);
    expect(boundaryText(utc.startOf(utc.current(), 'months'), 'date')).toBe('2018-04-01');
  });

  it('starts weeks on the configured day and quarters on their first month', () => {
    const tuesday = new Date('2018-04-10T12:00:00Z');
    expect(
      boundaryText(new RelativeDates(tuesday, 'UTC', 0).startOf(new RelativeDates(tuesday, 'UTC', 0).current(), 'weeks'), 'date'),
    ).toBe('2018-04-09');
    const sunday = new RelativeDates(tuesday, 'UTC', 6);
    expect(boundaryText(sunday.startOf(sunday.current(), 'weeks'), 'date')).toBe('2018-04-08');
    expect(boundaryText(sunday.startOf(sunday.current(), 'quarters'), 'date')).toBe('2018-04-01');
    expect(boundaryText(sunday.endOf(sunday.current(), 'quarters'), 'timestamp')).toBe('2018-06-30 23:59:59.999+00:00');
  });

  it('computes the same boundaries for UTC without the zone plugin', () => {
    const units = ['hours', 'days', 'weeks', 'months', 'quarters', 'years'] as const;
    for (const moment of ['2018-04-01T02:30:00Z', '2020-02-29T23:59:59.999Z', '2021-01-03T00:00:00Z']) {
      const fast = new RelativeDates(new Date(moment), 'UTC', 2);
      const zoned = new RelativeDates(new Date(moment), 'Etc/GMT', 2);
      const texts = (dates: RelativeDates) =>
        units.flatMap((unit) =>
          [dates.startOf(dates.current(), unit), dates.endOf(dates.current(), unit), dates.add(dates.current(), -3, unit)].flatMap(
            (date) => [boundaryText(date, 'date'), boundaryText(date, 'timestamp')],
          ),
        );
      expect(texts(fast)).toEqual(texts(zoned));
    }
  });
});
