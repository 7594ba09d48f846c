import { WAREHOUSE_TYPES } from '@quarry/domain';

import { dialectFor } from './dialect-for';

/**
 * A DATE truncated to a grain stays a DATE on every warehouse: truncated as a (zoned) timestamp it
 * would shift with the query's time zone (issue 14: `2017-12-31T15:00Z` for January in Tokyo).
 */
const DATE_RESULT: Record<(typeof WAREHOUSE_TYPES)[number], RegExp> = {
  postgres: /^CAST\(DATE_TRUNC\('MONTH', CAST\(d AS TIMESTAMP\)\) AS DATE\)$/,
  redshift: /^CAST\(DATE_TRUNC\('MONTH', d\) AS DATE\)$/,
  snowflake: /^CAST\(DATE_TRUNC\('MONTH', d\) AS DATE\)$/,
  bigquery: /^DATE_TRUNC\(d, MONTH\)$/,
  databricks: /^CAST\(DATE_TRUNC\('MONTH', d\) AS DATE\)$/,
  trino: /^CAST\(DATE_TRUNC\('MONTH', d\) AS DATE\)$/,
  clickhouse: /^toDate\(toStartOfMonth\(d\)\)$/,
  duckdb: /^CAST\(DATE_TRUNC\('MONTH', d\) AS DATE\)$/,
};

describe.each(WAREHOUSE_TYPES.map((type) => [type]))('%s truncation', (type) => {
  const dialect = dialectFor(type);

  it('keeps a truncated DATE typed DATE, at every grain and week start', () => {
    expect(dialect.timeFrameSql('MONTH', 'd', { baseType: 'date' })).toMatch(DATE_RESULT[type]);
    for (const frame of ['DAY', 'WEEK', 'QUARTER', 'YEAR'] as const) {
      expect(dialect.timeFrameSql(frame, 'd', { baseType: 'date', startOfWeek: 2 })).toMatch(type === 'bigquery' ? /^DATE_TRUNC\(/ : type === 'clickhouse' ? /^toDate\(/ : /^CAST\(.* AS DATE\)$/);
    }
  });

  it('leaves a truncated TIMESTAMP a timestamp (it moves with the zone)', () => {
    expect(dialect.timeFrameSql('MONTH', 't', { baseType: 'timestamp' })).not.toMatch(/AS DATE\)$|^toDate\(/);
  });
});
