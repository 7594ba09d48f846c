import type { ResultRow } from '@quarry/formatting';

import { assemblePoints, numberOf, seriesValues } from './series-points';
import { dayjs, periodsOf, periodStart } from './time-grain';

const row = (values: Record<string, unknown>): ResultRow =>
  Object.fromEntries(Object.entries(values).map(([key, raw]) => [key, { value: { raw, formatted: String(raw) } }])) as ResultRow;

describe('metrics explorer series', () => {
  const range = { start: dayjs.utc('2018-01-01'), end: dayjs.utc('2018-04-30') };
  const periods = periodsOf(range, 'MONTH');

  it('turns missing periods into explicit gaps', () => {
    const main = seriesValues(
      [row({ t: '2018-01-01T00:00:00.000Z', m: 10 }), row({ t: '2018-03-01T00:00:00.000Z', m: '7' })],
      't',
      'm',
      'MONTH',
    );
    const points = assemblePoints({ periods, segments: [null], metricLabel: 'Total', main });
    expect(points.map((point) => [point.date, point.metric.value])).toEqual([
      ['2018-01-01T00:00:00.000Z', 10],
      ['2018-02-01T00:00:00.000Z', null],
      ['2018-03-01T00:00:00.000Z', 7],
      ['2018-04-01T00:00:00.000Z', null],
    ]);
    expect(points[0]).toEqual({
      date: '2018-01-01T00:00:00.000Z',
      dateValue: Date.UTC(2018, 0, 1),
      segment: null,
      metric: { label: 'Total', value: 10 },
      compareMetric: { label: null, value: null },
    });
  });

  it('gives every segment every period, in the given segment order', () => {
    const main = seriesValues(
      [
        row({ t: '2018-01-01T00:00:00.000Z', s: 'b', m: 1 }),
        row({ t: '2018-02-01T00:00:00.000Z', s: 'a', m: 2 }),
        row({ t: '2018-02-01T00:00:00.000Z', s: null, m: 3 }),
      ],
      't',
      'm',
      'MONTH',
      's',
    );
    const points = assemblePoints({ periods: periods.slice(0, 2), segments: ['a', 'b', null], metricLabel: 'M', main });
    expect(points.map((point) => [point.date.slice(0, 7), point.segment, point.metric.value])).toEqual([
      ['2018-01', 'a', null],
      ['2018-01', 'b', 1],
      ['2018-01', null, null],
      ['2018-02', 'a', 2],
      ['2018-02', 'b', null],
      ['2018-02', null, 3],
    ]);
  });

  it('matches each period with its comparison period', () => {
    const main = seriesValues([row({ t: '2018-01-01T00:00:00.000Z', m: 5 })], 't', 'm', 'MONTH');
    const previous = seriesValues([row({ t: '2017-02-01T00:00:00.000Z', m: 4 })], 't', 'm', 'MONTH').get(null) ?? new Map();
    const points = assemblePoints({
      periods: periods.slice(0, 2),
      segments: [null],
      metricLabel: 'M',
      main,
      compare: {
        label: 'M (previous year)',
        values: previous,
        periodOf: (period) => periodStart(period.subtract(1, 'year'), 'MONTH').valueOf(),
      },
    });
    expect(points.map((point) => point.compareMetric)).toEqual([
      { label: 'M (previous year)', value: null },
      { label: 'M (previous year)', value: 4 },
    ]);
  });

  it('reads numbers, numeric strings and nothing else as values', () => {
    expect([numberOf(3), numberOf('9007199254740993'), numberOf(null), numberOf('x'), numberOf('')]).toEqual([
      3,
      Number('9007199254740993'),
      null,
      null,
      null,
    ]);
  });
});
