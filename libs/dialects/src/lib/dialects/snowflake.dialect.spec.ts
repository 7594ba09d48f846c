import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { SnowflakeDialect } from './snowflake.dialect';

const dialect = new SnowflakeDialect();
const ts = '"ORDERS".CREATED';

const TIMESTAMP_FRAMES: Record<TimeFrame, string> = {
  RAW: ts,
  YEAR: `DATE_TRUNC('YEAR', ${ts})`,
  QUARTER: `DATE_TRUNC('QUARTER', ${ts})`,
  MONTH: `DATE_TRUNC('MONTH', ${ts})`,
  WEEK: `DATE_TRUNC('WEEK', ${ts})`,
  DAY: `DATE_TRUNC('DAY', ${ts})`,
  HOUR: `DATE_TRUNC('HOUR', ${ts})`,
  MINUTE: `DATE_TRUNC('MINUTE', ${ts})`,
  SECOND: `DATE_TRUNC('SECOND', ${ts})`,
  MILLISECOND: `DATE_TRUNC('MILLISECOND', ${ts})`,
  DAY_OF_WEEK_INDEX: `DATE_PART('DOW', ${ts})`,
  DAY_OF_MONTH_NUM: `DATE_PART('DAY', ${ts})`,
  DAY_OF_YEAR_NUM: `DATE_PART('DOY', ${ts})`,
  WEEK_NUM: `DATE_PART('WEEK', ${ts})`,
  MONTH_NUM: `DATE_PART('MONTH', ${ts})`,
  QUARTER_NUM: `DATE_PART('QUARTER', ${ts})`,
  YEAR_NUM: `DATE_PART('YEAR', ${ts})`,
  DAY_OF_WEEK_NAME: `DECODE(TO_CHAR(${ts}, 'DY'), 'Mon', 'Monday', 'Tue', 'Tuesday', 'Wed', 'Wednesday', 'Thu', 'Thursday', 'Fri', 'Friday', 'Sat', 'Saturday', 'Sun', 'Sunday')`,
  MONTH_NAME: `TO_CHAR(${ts}, 'MMMM')`,
  QUARTER_NAME: `CONCAT('Q', DATE_PART('QUARTER', ${ts}))`,
  HOUR_OF_DAY_NUM: `DATE_PART('HOUR', ${ts})`,
  MINUTE_OF_HOUR_NUM: `DATE_PART('MINUTE', ${ts})`,
};

describe('SnowflakeDialect', () => {
  it('quotes identifiers with double quotes', () => {
    expect(dialect.quoteIdentifier('ORDERS')).toBe('"ORDERS"');
    expect(dialect.relationName('ANALYTICS', 'JAFFLE', 'ORDERS')).toBe('"ANALYTICS"."JAFFLE"."ORDERS"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.escapeString("a'b\\c/*x*/d--e\0")).toBe("a''b\\\\cd");
  });

  it('wraps timestamp dimensions to UTC wall-clock time', () => {
    expect(dialect.wrapTimestampDimension(ts)).toBe(`TO_TIMESTAMP_NTZ(CONVERT_TIMEZONE('UTC', ${ts}))`);
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('starts weeks on another day with DATEADD shifts', () => {
    expect(dialect.truncateTime('WEEK', ts, { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      `(DATEADD(DAY, 6, DATE_TRUNC('WEEK', (DATEADD(DAY, -6, ${ts})))))`,
    );
  });

  it('aggregates with standard functions and PERCENTILE_CONT', () => {
    expect(dialect.metricSql('average', 'x')).toBe('AVG(x)');
    expect(dialect.metricSql('percentile', 'x', { percentile: 75 })).toBe('PERCENTILE_CONT(0.75) WITHIN GROUP (ORDER BY x)');
    expect(dialect.metricSql('median', 'x')).toBe('PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)');
    expect(dialect.metricSql('max', 'x')).toBe('MAX(x)');
  });

  it('writes interval arithmetic with DATEADD', () => {
    expect(dialect.subtractInterval('d', 2, 'WEEK')).toBe('DATEADD(WEEK, -2, d)');
    expect(dialect.addInterval('d', 1, 'YEAR')).toBe('DATEADD(YEAR, 1, d)');
  });
});
