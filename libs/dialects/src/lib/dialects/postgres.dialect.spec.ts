import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { PostgresDialect } from './postgres.dialect';

const dialect = new PostgresDialect();
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
  DAY_OF_WEEK_NAME: `TO_CHAR(${ts}, 'FMDay')`,
  MONTH_NAME: `TO_CHAR(${ts}, 'FMMonth')`,
  QUARTER_NAME: `TO_CHAR(${ts}, 'FM"Q"Q')`,
  HOUR_OF_DAY_NUM: `DATE_PART('HOUR', ${ts})`,
  MINUTE_OF_HOUR_NUM: `DATE_PART('MINUTE', ${ts})`,
};

describe('PostgresDialect', () => {
  it('quotes identifiers and relations with double quotes, doubling embedded quotes', () => {
    expect(dialect.quoteIdentifier('orders')).toBe('"orders"');
    expect(dialect.quoteIdentifier('we"ird')).toBe('"we""ird"');
    expect(dialect.quoteTableAlias('customers')).toBe('"customers"');
    expect(dialect.relationName('postgres', 'jaffle', 'orders')).toBe('"postgres"."jaffle"."orders"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.stringLiteral("O'Brien")).toBe("'O''Brien'");
    expect(dialect.escapeString('a\\b')).toBe('a\\\\b');
    expect(dialect.escapeString('x -- drop table\ny')).toBe('x \ny');
    expect(dialect.escapeString('a/* hidden */b')).toBe('ab');
    expect(dialect.escapeString('a\0b')).toBe('ab');
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('starts weeks on a configured day by shifting around DATE_TRUNC', () => {
    expect(dialect.timeFrameSql('WEEK', ts, { baseType: 'timestamp', startOfWeek: 6 })).toBe(
      `(DATE_TRUNC('WEEK', (${ts} - interval '6 days')) + interval '6 days')`,
    );
    expect(dialect.timeFrameSql('WEEK', ts, { baseType: 'timestamp', startOfWeek: 0 })).toBe(`DATE_TRUNC('WEEK', ${ts})`);
  });

  it('casts averages to double precision and uses PERCENTILE_CONT for percentiles and medians', () => {
    const x = '"orders".amount';
    expect(dialect.metricSql('average', x)).toBe(`AVG(${x}::DOUBLE PRECISION)`);
    expect(dialect.metricSql('count', x)).toBe(`COUNT(${x})`);
    expect(dialect.metricSql('count_distinct', x)).toBe(`COUNT(DISTINCT ${x})`);
    expect(dialect.metricSql('sum', x)).toBe(`SUM(${x})`);
    expect(dialect.metricSql('min', x)).toBe(`MIN(${x})`);
    expect(dialect.metricSql('max', x)).toBe(`MAX(${x})`);
    expect(dialect.metricSql('percentile', x, { percentile: 25 })).toBe(`PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY ${x})`);
    expect(dialect.metricSql('percentile', x)).toBe(`PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY ${x})`);
    expect(dialect.metricSql('median', x)).toBe(`PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY ${x})`);
    expect(dialect.metricSql('sum_distinct', x)).toBe(`SUM(${x})`);
    expect(dialect.metricSql('average_distinct', x)).toBe(`AVG(${x}::DOUBLE PRECISION)`);
  });

  it('rejects percentiles outside 0–100', () => {
    expect(() => dialect.metricSql('percentile', 'x', { percentile: 101 })).toThrow(/between 0 and 100/);
  });

  it('writes interval arithmetic as x ± INTERVAL, quarters as months', () => {
    expect(dialect.subtractInterval('d', 1, 'YEAR')).toBe("d - INTERVAL '1 YEAR'");
    expect(dialect.addInterval('d', 2, 'QUARTER')).toBe("d + INTERVAL '6 MONTH'");
    expect(dialect.addInterval('d', -3, 'DAY')).toBe("d - INTERVAL '3 DAY'");
    expect(() => dialect.addInterval('d', 1.5, 'DAY')).toThrow(/whole numbers/);
  });

  it('leaves timestamp dimensions unwrapped and renders UTC time literals', () => {
    expect(dialect.wrapTimestampDimension(ts)).toBe(ts);
    const at = new Date('2024-03-05T07:08:09.123Z');
    expect(dialect.timeLiteral(at, 'date')).toBe("'2024-03-05'");
    expect(dialect.timeLiteral(at, 'timestamp')).toBe("'2024-03-05 07:08:09+00:00'");
  });
});
