import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { DatabricksDialect } from './databricks.dialect';

const dialect = new DatabricksDialect();
const ts = '`orders`.created';

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
  DAY_OF_WEEK_INDEX: `(DATE_PART('DOW', ${ts}) - 1)`,
  DAY_OF_MONTH_NUM: `DATE_PART('DAY', ${ts})`,
  DAY_OF_YEAR_NUM: `DATE_PART('DOY', ${ts})`,
  WEEK_NUM: `DATE_PART('WEEK', ${ts})`,
  MONTH_NUM: `DATE_PART('MONTH', ${ts})`,
  QUARTER_NUM: `DATE_PART('QUARTER', ${ts})`,
  YEAR_NUM: `DATE_PART('YEAR', ${ts})`,
  DAY_OF_WEEK_NAME: `DATE_FORMAT(${ts}, 'EEEE')`,
  MONTH_NAME: `DATE_FORMAT(${ts}, 'MMMM')`,
  QUARTER_NAME: `DATE_FORMAT(${ts}, 'QQQ')`,
  HOUR_OF_DAY_NUM: `DATE_PART('HOUR', ${ts})`,
  MINUTE_OF_HOUR_NUM: `DATE_PART('MINUTE', ${ts})`,
};

describe('DatabricksDialect', () => {
  it('quotes identifiers and ${TABLE} with backticks, doubling embedded backticks', () => {
    expect(dialect.quoteIdentifier('orders')).toBe('`orders`');
    expect(dialect.quoteIdentifier('a`b')).toBe('`a``b`');
    expect(dialect.relationName('main', 'jaffle', 'orders')).toBe('`main`.`jaffle`.`orders`');
  });

  it('escapes quotes with a backslash, doubles backslashes, strips comments and NUL', () => {
    expect(dialect.stringLiteral("it's")).toBe("'it\\'s'");
    expect(dialect.escapeString('C:\\dir')).toBe('C:\\\\dir');
    expect(dialect.escapeString('a/*b*/c--d\0')).toBe('ac');
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('starts weeks on another day with interval shifts', () => {
    expect(dialect.timeFrameSql('WEEK', ts, { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      `(DATE_TRUNC('WEEK', (${ts} - INTERVAL '6' DAY)) + INTERVAL '6' DAY)`,
    );
  });

  it('uses PERCENTILE for percentiles and medians', () => {
    expect(dialect.metricSql('percentile', 'x', { percentile: 10 })).toBe('PERCENTILE(x, 0.1)');
    expect(dialect.metricSql('median', 'x')).toBe('PERCENTILE(x, 0.5)');
    expect(dialect.metricSql('average', 'x')).toBe('AVG(x)');
  });

  it("writes x ± INTERVAL 'n' UNIT, weeks as days and quarters as months", () => {
    expect(dialect.subtractInterval('x', 1, 'YEAR')).toBe("x - INTERVAL '1' YEAR");
    expect(dialect.addInterval('x', 2, 'WEEK')).toBe("x + INTERVAL '14' DAY");
    expect(dialect.addInterval('x', 1, 'QUARTER')).toBe("x + INTERVAL '3' MONTH");
  });
});
