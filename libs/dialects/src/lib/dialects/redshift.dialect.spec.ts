import { TIME_FRAMES, type TimeFrame } from '@quarry/domain';

import { RedshiftDialect } from './redshift.dialect';

const dialect = new RedshiftDialect();
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

describe('RedshiftDialect', () => {
  it('quotes identifiers with double quotes', () => {
    expect(dialect.quoteIdentifier('a"b')).toBe('"a""b"');
    expect(dialect.relationName('dev', 'public', 'orders')).toBe('"dev"."public"."orders"');
  });

  it('escapes quotes, backslashes, comments and NUL in literals', () => {
    expect(dialect.stringLiteral("it's \\ -- x\0")).toBe("'it''s \\\\ '");
  });

  it.each(TIME_FRAMES)('renders the %s time frame', (frame) => {
    expect(dialect.timeFrameSql(frame, ts, { baseType: 'timestamp' })).toBe(TIMESTAMP_FRAMES[frame]);
  });

  it('shifts with DATEADD to start weeks on another day', () => {
    expect(dialect.timeFrameSql('WEEK', ts, { baseType: 'timestamp', startOfWeek: 2 })).toBe(
      `(DATEADD(DAY, 2, DATE_TRUNC('WEEK', (DATEADD(DAY, -2, ${ts})))))`,
    );
  });

  it('averages as DOUBLE PRECISION (an integer AVG would drop the fraction) and uses PERCENTILE_CONT', () => {
    expect(dialect.metricSql('average', 'x')).toBe('AVG(x::DOUBLE PRECISION)');
    expect(dialect.metricSql('percentile', 'x', { percentile: 90 })).toBe('PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY x)');
    expect(dialect.metricSql('median', 'x')).toBe('PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)');
    expect(dialect.metricSql('count_distinct', 'x')).toBe('COUNT(DISTINCT x)');
  });

  it("escapes LIKE with one backslash written '\\\\' (Redshift literals read '\\' as an escape, so the literal would never close)", () => {
    expect(dialect.likeEscapeClause()).toBe(" ESCAPE '\\\\'");
  });

  it('writes interval arithmetic with DATEADD', () => {
    expect(dialect.subtractInterval('d', 1, 'MONTH')).toBe('DATEADD(MONTH, -1, d)');
    expect(dialect.addInterval('d', 1, 'QUARTER')).toBe('DATEADD(QUARTER, 1, d)');
  });
});
