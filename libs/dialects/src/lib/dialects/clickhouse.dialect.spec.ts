import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { ClickHouseDialect } from './clickhouse.dialect';

const dialect = new ClickHouseDialect();
const ts = '"orders".created';

const TIMESTAMP_FRAMES: Record<TimeFrame, string> = {
  RAW: ts,
  YEAR: `toStartOfYear(${ts})`,
  QUARTER: `toStartOfQuarter(${ts})`,
  MONTH: `toStartOfMonth(${ts})`,
  WEEK: `toMonday(${ts})`,
  DAY: `toStartOfDay(${ts})`,
  HOUR: `toStartOfHour(${ts})`,
  MINUTE: `toStartOfMinute(${ts})`,
  SECOND: `toStartOfSecond(toDateTime64(${ts}, 3))`,
  MILLISECOND: `toStartOfMillisecond(toDateTime64(${ts}, 3))`,
  DAY_OF_WEEK_INDEX: `toDayOfWeek(${ts}, 2)`,
  DAY_OF_MONTH_NUM: `toDayOfMonth(${ts})`,
  DAY_OF_YEAR_NUM: `toDayOfYear(${ts})`,
  WEEK_NUM: `toISOWeek(${ts})`,
  MONTH_NUM: `toMonth(${ts})`,
  QUARTER_NUM: `toQuarter(${ts})`,
  YEAR_NUM: `toYear(${ts})`,
  DAY_OF_WEEK_NAME: `dateName('weekday', ${ts})`,
  MONTH_NAME: `monthName(${ts})`,
  QUARTER_NAME: `concat('Q', toString(toQuarter(${ts})))`,
  HOUR_OF_DAY_NUM: `toHour(${ts})`,
  MINUTE_OF_HOUR_NUM: `toMinute(${ts})`,
};

describe('ClickHouseDialect', () => {
  it('quotes identifiers with double quotes and leaves an empty database out of relations', () => {
    expect(dialect.quoteIdentifier('orders')).toBe('"orders"');
    expect(dialect.relationName('', 'jaffle', 'orders')).toBe('"jaffle"."orders"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.escapeString("'\\/*a*/--b\0")).toBe("''\\\\");
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  // Issue 32: a DateTime without its own zone follows the session's (the query's) zone, in some functions only.
  it('reads a timestamp dimension as a UTC DateTime64, whatever the session zone', () => {
    expect(dialect.wrapTimestampDimension(ts)).toBe(`toDateTime64(${ts}, 3, 'UTC')`);
  });

  it.each(TIME_FRAMES)('computes the %s time frame of a timestamp dimension on its UTC reading', (frame) => {
    const utc = `toDateTime64(${ts}, 3, 'UTC')`;
    expect(dialect.timeFrameSql(frame, dialect.wrapTimestampDimension(ts), { baseType: 'timestamp' })).toBe(
      TIMESTAMP_FRAMES[frame].split(ts).join(utc),
    );
  });

  it('starts weeks on Monday by default, on another day by shifting the Monday-based week', () => {
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'timestamp' })).toBe('toMonday(d)');
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'timestamp', startOfWeek: 0 })).toBe('toMonday(d)');
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      '(date_add(toMonday((date_sub(d, INTERVAL 6 DAY))), INTERVAL 6 DAY))',
    );
  });

  // Issue 32: toStartOfHour, toHour… refuse a Date, toStartOfSecond / toStartOfMillisecond a DateTime.
  it.each([
    ['HOUR', 'toStartOfHour(toDateTime(d))'],
    ['MINUTE', 'toStartOfMinute(toDateTime(d))'],
    ['SECOND', 'toStartOfSecond(toDateTime64(d, 3))'],
    ['MILLISECOND', 'toStartOfMillisecond(toDateTime64(d, 3))'],
    ['HOUR_OF_DAY_NUM', 'toHour(toDateTime(d))'],
    ['MINUTE_OF_HOUR_NUM', 'toMinute(toDateTime(d))'],
    ['DAY', 'toStartOfDay(d)'],
    ['DAY_OF_WEEK_INDEX', 'toDayOfWeek(d, 2)'],
  ] as const)('reads a Date as a DateTime for the %s time frame', (frame, sql) => {
    expect(dialect.timeFrameSql(frame, 'd', { baseType: 'date' })).toBe(sql);
  });

  it('uses quantile and median', () => {
    expect(dialect.metricSql('percentile', 'x', { percentile: 25 })).toBe('quantile(0.25)(x)');
    expect(dialect.metricSql('median', 'x')).toBe('median(x)');
    expect(dialect.metricSql('count', 'x')).toBe('COUNT(x)');
  });

  it('writes interval arithmetic with date_add / date_sub', () => {
    expect(dialect.subtractInterval('x', 1, 'QUARTER')).toBe('date_sub(x, INTERVAL 1 QUARTER)');
    expect(dialect.addInterval('x', 1, 'DAY')).toBe('date_add(x, INTERVAL 1 DAY)');
  });
});
