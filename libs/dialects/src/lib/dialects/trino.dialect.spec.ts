import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { TrinoDialect } from './trino.dialect';

const dialect = new TrinoDialect();
const ts = '"orders".created';

const TIMESTAMP_FRAMES: Record<TimeFrame, string> = {
  RAW: ts,
  YEAR: `DATE_TRUNC('YEAR', ${ts})`,
  QUARTER: `DATE_TRUNC('QUARTER', ${ts})`,
  MONTH: `DATE_TRUNC('MONTH', ${ts})`,
  WEEK: `DATE_TRUNC('WEEK', ${ts})`,
  DAY: `DATE_TRUNC('DAY', ${ts})`,
  HOUR: `DATE_TRUNC('HOUR', CAST(${ts} AS TIMESTAMP))`,
  MINUTE: `DATE_TRUNC('MINUTE', CAST(${ts} AS TIMESTAMP))`,
  SECOND: `DATE_TRUNC('SECOND', CAST(${ts} AS TIMESTAMP))`,
  MILLISECOND: `DATE_TRUNC('MILLISECOND', CAST(${ts} AS TIMESTAMP))`,
  DAY_OF_WEEK_INDEX: `MOD(EXTRACT(DOW FROM ${ts}), 7)`,
  DAY_OF_MONTH_NUM: `EXTRACT(DAY FROM ${ts})`,
  DAY_OF_YEAR_NUM: `EXTRACT(DOY FROM ${ts})`,
  WEEK_NUM: `EXTRACT(WEEK FROM ${ts})`,
  MONTH_NUM: `EXTRACT(MONTH FROM ${ts})`,
  QUARTER_NUM: `EXTRACT(QUARTER FROM ${ts})`,
  YEAR_NUM: `EXTRACT(YEAR FROM ${ts})`,
  DAY_OF_WEEK_NAME: `date_format(${ts}, '%W')`,
  MONTH_NAME: `date_format(${ts}, '%M')`,
  QUARTER_NAME: `CONCAT('Q', cast(extract(QUARTER from ${ts}) as varchar))`,
  HOUR_OF_DAY_NUM: `EXTRACT(HOUR FROM ${ts})`,
  MINUTE_OF_HOUR_NUM: `EXTRACT(MINUTE FROM ${ts})`,
};

describe('TrinoDialect', () => {
  it('quotes identifiers with double quotes', () => {
    expect(dialect.quoteIdentifier('my table')).toBe('"my table"');
    expect(dialect.relationName('hive', 'jaffle', 'orders')).toBe('"hive"."jaffle"."orders"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.stringLiteral("a'b\\c-- d\0")).toBe("'a''b\\\\c'");
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('starts weeks on another day with interval shifts', () => {
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      "(DATE_TRUNC('WEEK', (d - INTERVAL '6' DAY)) + INTERVAL '6' DAY)",
    );
  });

  // Issue 32: Trino refuses DATE_TRUNC('HOUR', date) and EXTRACT(HOUR FROM date).
  it.each([
    ['HOUR', "DATE_TRUNC('HOUR', CAST(d AS TIMESTAMP))"],
    ['MINUTE', "DATE_TRUNC('MINUTE', CAST(d AS TIMESTAMP))"],
    ['SECOND', "DATE_TRUNC('SECOND', CAST(d AS TIMESTAMP))"],
    ['MILLISECOND', "DATE_TRUNC('MILLISECOND', CAST(d AS TIMESTAMP))"],
    ['HOUR_OF_DAY_NUM', 'EXTRACT(HOUR FROM CAST(d AS TIMESTAMP))'],
    ['MINUTE_OF_HOUR_NUM', 'EXTRACT(MINUTE FROM CAST(d AS TIMESTAMP))'],
    ['DAY', "DATE_TRUNC('DAY', d)"],
    ['WEEK_NUM', 'EXTRACT(WEEK FROM d)'],
  ] as const)('casts a DATE to TIMESTAMP for the %s time frame', (frame, sql) => {
    expect(dialect.timeFrameSql(frame, 'd', { baseType: 'date' })).toBe(sql);
  });

  it('uses APPROX_PERCENTILE for percentiles and medians', () => {
    expect(dialect.metricSql('percentile', 'x', { percentile: 95 })).toBe('APPROX_PERCENTILE(x, 0.95)');
    expect(dialect.metricSql('median', 'x')).toBe('APPROX_PERCENTILE(x,0.5)');
    expect(dialect.metricSql('sum', 'x')).toBe('SUM(x)');
  });

  it("writes x ± INTERVAL 'n' UNIT without WEEK or QUARTER units", () => {
    expect(dialect.subtractInterval('x', 1, 'WEEK')).toBe("x - INTERVAL '7' DAY");
    expect(dialect.addInterval('x', 2, 'QUARTER')).toBe("x + INTERVAL '6' MONTH");
  });

  it('casts time literals explicitly', () => {
    const at = new Date('2024-01-02T03:04:05Z');
    expect(dialect.timeLiteral(at, 'timestamp')).toBe("CAST('2024-01-02 03:04:05' AS TIMESTAMP)");
    expect(dialect.timeLiteral(at, 'date')).toBe("CAST('2024-01-02' AS DATE)");
  });
});
