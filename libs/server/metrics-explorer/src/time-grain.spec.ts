import { SeededRandom } from '@quarry/testing';

import {
  dayjs,
  EXPLORER_GRAINS,
  grainForRange,
  parseDate,
  periodCount,
  periodsOf,
  periodStart,
  seriesBounds,
  yearBefore,
} from './time-grain';

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
    expect(iso(periodsOf({ start: utc('2018-01-15'), end: utc('2018-04-02') }, 'MONTH'))).toEqual([
      '2018-01-01',
      '2018-02-01',
      '2018-03-01',
      '2018-04-01',
    ]);
    expect(iso(periodsOf({ start: utc('2017-11-30'), end: utc('2018-05-01') }, 'QUARTER'))).toEqual([
      '2017-10-01',
      '2018-01-01',
      '2018-04-01',
    ]);
    expect(iso(periodsOf({ start: utc('2018-01-03'), end: utc('2018-01-05') }, 'DAY'))).toEqual(['2018-01-03', '2018-01-04', '2018-01-05']);
    const bounds = seriesBounds({ start: utc('2018-01-15'), end: utc('2018-04-02') }, 'MONTH');
    expect([bounds.from.format('YYYY-MM-DD'), bounds.until.format('YYYY-MM-DD')]).toEqual(['2018-01-01', '2018-05-01']);
  });

  it('shifts a range back one year', () => {
    const earlier = yearBefore({ start: utc('2018-02-28'), end: utc('2018-12-31') });
    expect([earlier.start.format('YYYY-MM-DD'), earlier.end.format('YYYY-MM-DD')]).toEqual(['2017-02-28', '2017-12-31']);
  });

  it('counts the periods of a range arithmetically, as many as periodsOf lists', () => {
    const seeded = new SeededRandom(31);
    const random = () => seeded.next();
    const base = utc('1990-01-01').valueOf();
    for (let index = 0; index < 60; index += 1) {
      const start = dayjs.utc(base + Math.floor(random() * 40 * 365) * 86_400_000 + Math.floor(random() * 86_400_000));
      const end = start.add(Math.floor(random() * 3 * 365), 'day').add(Math.floor(random() * 24), 'hour');
      for (const grain of EXPLORER_GRAINS)
        expect([grain, periodCount({ start, end }, grain)]).toEqual([grain, periodsOf({ start, end }, grain).length]);
    }
  });

  it('counts ten thousand years by day without listing them', () => {
    const range = { start: parseDate('0001-01-01') as dayjs.Dayjs, end: parseDate('9999-12-31') as dayjs.Dayjs };
    expect(range.start.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(periodCount(range, 'DAY')).toBe(3_652_059);
    expect(periodCount(range, 'WEEK')).toBe(521_723);
    expect(periodCount(range, 'MONTH')).toBe(119_988);
    expect(periodCount(range, 'QUARTER')).toBe(39_996);
    expect(periodCount(range, 'YEAR')).toBe(9_999);
  });
});
