import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { BigQueryDialect } from './bigquery.dialect';

const dialect = new BigQueryDialect();
const ts = '`orders`.created';

const TIMESTAMP_FRAMES: Record<TimeFrame, string> = {
  RAW: ts,
  YEAR: `TIMESTAMP_TRUNC(${ts}, YEAR)`,
  QUARTER: `TIMESTAMP_TRUNC(${ts}, QUARTER)`,
  MONTH: `TIMESTAMP_TRUNC(${ts}, MONTH)`,
  WEEK: `TIMESTAMP_TRUNC(${ts}, WEEK(MONDAY))`,
  DAY: `TIMESTAMP_TRUNC(${ts}, DAY)`,
  HOUR: `TIMESTAMP_TRUNC(${ts}, HOUR)`,
  MINUTE: `TIMESTAMP_TRUNC(${ts}, MINUTE)`,
  SECOND: `TIMESTAMP_TRUNC(${ts}, SECOND)`,
  MILLISECOND: `TIMESTAMP_TRUNC(${ts}, MILLISECOND)`,
  DAY_OF_WEEK_INDEX: `(EXTRACT(DAYOFWEEK FROM ${ts}) - 1)`,
  DAY_OF_MONTH_NUM: `EXTRACT(DAY FROM ${ts})`,
  DAY_OF_YEAR_NUM: `EXTRACT(DAYOFYEAR FROM ${ts})`,
  WEEK_NUM: `EXTRACT(ISOWEEK FROM ${ts})`,
  MONTH_NUM: `EXTRACT(MONTH FROM ${ts})`,
  QUARTER_NUM: `EXTRACT(QUARTER FROM ${ts})`,
  YEAR_NUM: `EXTRACT(YEAR FROM ${ts})`,
  DAY_OF_WEEK_NAME: `FORMAT_DATETIME('%A', ${ts})`,
  MONTH_NAME: `FORMAT_DATETIME('%B', ${ts})`,
  QUARTER_NAME: `FORMAT_DATETIME('Q%Q', ${ts})`,
  HOUR_OF_DAY_NUM: `EXTRACT(HOUR FROM ${ts})`,
  MINUTE_OF_HOUR_NUM: `EXTRACT(MINUTE FROM ${ts})`,
};

describe('BigQueryDialect', () => {
  it('quotes identifiers and ${TABLE} with backticks, escaping with backslashes', () => {
    expect(dialect.quoteIdentifier('orders')).toBe('`orders`');
    expect(dialect.quoteIdentifier('a`b')).toBe('`a\\`b`');
    expect(dialect.quoteTableAlias('orders')).toBe('`orders`');
    expect(dialect.relationName('my-project', 'jaffle', 'orders')).toBe('`my-project`.`jaffle`.`orders`');
  });

  it('escapes quotes with a backslash, doubles backslashes, strips comments and NUL', () => {
    expect(dialect.stringLiteral("O'Brien")).toBe("'O\\'Brien'");
    expect(dialect.escapeString('a\\b')).toBe('a\\\\b');
    expect(dialect.escapeString("a\\'b")).toBe("a\\\\\\'b");
    expect(dialect.escapeString('x--y\nz/*c*/\0')).toBe('x\nz');
  });

  it.each(TIME_FRAMES)('renders the %s time frame of a timestamp', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('uses date functions for dates', () => {
    expect(dialect.timeFrameSql('MONTH', 'd', { baseType: 'date' })).toBe('DATE_TRUNC(d, MONTH)');
    expect(dialect.timeFrameSql('DAY_OF_WEEK_NAME', 'd', { baseType: 'date' })).toBe("FORMAT_DATE('%A', d)");
    expect(dialect.timeFrameSql('MONTH_NAME', 'd', { baseType: 'date' })).toBe("FORMAT_DATE('%B', d)");
    expect(dialect.timeFrameSql('QUARTER_NAME', 'd', { baseType: 'date' })).toBe("FORMAT_DATE('Q%Q', d)");
  });

  it('names the week start inside the WEEK part', () => {
    expect(dialect.timeFrameSql('WEEK', ts, { baseType: 'timestamp', startOfWeek: 0 })).toBe(`TIMESTAMP_TRUNC(${ts}, WEEK(MONDAY))`);
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'date', startOfWeek: 2 })).toBe('DATE_TRUNC(d, WEEK(WEDNESDAY))');
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'date', startOfWeek: 6 })).toBe('DATE_TRUNC(d, WEEK)');
  });

  it('uses APPROX_QUANTILES for percentiles and medians', () => {
    expect(dialect.metricSql('percentile', 'x', { percentile: 25 })).toBe('APPROX_QUANTILES(x, 100)[OFFSET(25)]');
    expect(dialect.metricSql('median', 'x')).toBe('APPROX_QUANTILES(x, 100)[OFFSET(50)]');
    expect(dialect.metricSql('average', 'x')).toBe('AVG(x)');
    expect(dialect.metricSql('count_distinct', 'x')).toBe('COUNT(DISTINCT x)');
  });

  it('adds whole days and longer as dates, shorter units as timestamps', () => {
    expect(dialect.addInterval('y', 1, 'MONTH')).toBe('DATE_ADD(DATE(y), INTERVAL 1 MONTH)');
    expect(dialect.subtractInterval('y', 1, 'QUARTER')).toBe('DATE_SUB(DATE(y), INTERVAL 1 QUARTER)');
    expect(dialect.addInterval('y', 3, 'HOUR')).toBe('TIMESTAMP_ADD(y, INTERVAL 3 HOUR)');
  });

  it('renders timestamp literals without an offset', () => {
    expect(dialect.timeLiteral(new Date('2024-01-02T03:04:05Z'), 'timestamp')).toBe("'2024-01-02 03:04:05'");
  });
});
