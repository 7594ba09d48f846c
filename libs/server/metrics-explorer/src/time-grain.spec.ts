import { dayjs, grainForRange, periodsOf, periodStart, seriesBounds, yearBefore } from './time-grain';

const utc = (text: string) => dayjs.utc(text);
const iso = (days: dayjs.Dayjs[]) => days.map((day) => day.format('YYYY-MM-DD'));

describe('time grains of the metrics explorer', () => {
  it('derives the grain from the range length (clarification 10)', () => {
    expect(grainForRange({ start: utc('2018-01-01'), end: utc('2018-01-31') })).toBe('DAY');
    expect(grainForRange({ start: utc('2018-01-01'), end: utc('2018-06-30') })).toBe('WEEK');
    expect(grainForRange({ start: utc('2018-01-01'), end: utc('2020-12-31') })).toBe('MONTH');
    expect(grainForRange({ start: utc('2018-01-01'), end: utc('2022-01-01') })).toBe('YEAR');
  });

  it('truncates to Monday weeks, quarters, months and years', () => {
    expect(periodStart(utc('2018-01-10T15:00:00Z'), 'WEEK').format('YYYY-MM-DD')).toBe('2018-01-08');
    expect(periodStart(utc('2018-01-07'), 'WEEK').format('YYYY-MM-DD')).toBe('2018-01-01');
    expect(periodStart(utc('2018-08-20'), 'QUARTER').format('YYYY-MM-DD')).toBe('2018-07-01');
    expect(periodStart(utc('2018-08-20'), 'YEAR').format('YYYY-MM-DD')).toBe('2018-01-01');
  });

  it('lists every period of a range, the partial first and last ones included', () => {
    expect(iso(periodsOf({ start: utc('2018-01-15'), end: utc('2018-04-02') }, 'MONTH'))).toEqual(['2018-01-01', '2018-02-01', '2018-03-01', '2018-04-01']);
    expect(iso(periodsOf({ start: utc('2017-11-30'), end: utc('2018-05-01') }, 'QUARTER'))).toEqual(['2017-10-01', '2018-01-01', '2018-04-01']);
    expect(iso(periodsOf({ start: utc('2018-01-03'), end: utc('2018-01-05') }, 'DAY'))).toEqual(['2018-01-03', '2018-01-04', '2018-01-05']);
    const bounds = seriesBounds({ start: utc('2018-01-15'), end: utc('2018-04-02') }, 'MONTH');
    expect([bounds.from.format('YYYY-MM-DD'), bounds.until.format('YYYY-MM-DD')]).toEqual(['2018-01-01', '2018-05-01']);
  });

  it('shifts a range back one year', () => {
    const earlier = yearBefore({ start: utc('2018-02-28'), end: utc('2018-12-31') });
    expect([earlier.start.format('YYYY-MM-DD'), earlier.end.format('YYYY-MM-DD')]).toEqual(['2017-02-28', '2017-12-31']);
  });
});
