import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { DuckDbDialect } from './duckdb.dialect';

const dialect = new DuckDbDialect();
const ts = '"orders".created';

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
  DAY_OF_WEEK_NAME: `DAYNAME(${ts})`,
  MONTH_NAME: `MONTHNAME(${ts})`,
  QUARTER_NAME: `('Q' || CAST(DATE_PART('QUARTER', ${ts}) AS VARCHAR))`,
  HOUR_OF_DAY_NUM: `DATE_PART('HOUR', ${ts})`,
  MINUTE_OF_HOUR_NUM: `DATE_PART('MINUTE', ${ts})`,
};

describe('DuckDbDialect', () => {
  it('quotes identifiers with double quotes', () => {
    expect(dialect.quoteIdentifier('a"b')).toBe('"a""b"');
    expect(dialect.relationName('jaffle_shop', 'jaffle', 'orders')).toBe('"jaffle_shop"."jaffle"."orders"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.stringLiteral("'; DROP TABLE x; --")).toBe("'''; DROP TABLE x; '");
    expect(dialect.escapeString('\\\0')).toBe('\\\\');
  });

  it('normalises text to NFC before escaping', () => {
    expect(dialect.escapeString('e\u0301')).toBe('\u00e9');
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('starts weeks on another day with interval shifts', () => {
    expect(dialect.timeFrameSql('WEEK', 'd', { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      "(DATE_TRUNC('WEEK', (d - INTERVAL '6 DAY')) + INTERVAL '6 DAY')",
    );
  });

  it('aggregates with standard functions and PERCENTILE_CONT', () => {
    expect(dialect.metricSql('average', 'x')).toBe('AVG(x)');
    expect(dialect.metricSql('percentile', 'x', { percentile: 33 })).toBe('PERCENTILE_CONT(0.33) WITHIN GROUP (ORDER BY x)');
    expect(dialect.metricSql('median', 'x')).toBe('PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)');
  });

  it('writes interval arithmetic as x ± INTERVAL', () => {
    expect(dialect.subtractInterval('x', 1, 'MONTH')).toBe("x - INTERVAL '1 MONTH'");
  });
});
