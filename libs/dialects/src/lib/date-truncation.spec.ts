import { WAREHOUSE_TYPES } from '@quarry/domain';

import { dialectFor } from './dialect-for';

/**
 * A DATE truncated to a grain is selected as a DATE on every warehouse: as a (zoned) timestamp it
 * would shift with the query's time zone (issue 14: `2017-12-31T15:00Z` for January in Tokyo).
 */
const DATE_VALUE: Record<(typeof WAREHOUSE_TYPES)[number], string> = {
  postgres: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
  redshift: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
  snowflake: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
  bigquery: 'DATE_TRUNC(d, MONTH)',
  databricks: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
  trino: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
  clickhouse: 'toDate(toStartOfMonth(d))',
  duckdb: "CAST(DATE_TRUNC('MONTH', d) AS DATE)",
};

it.each(WAREHOUSE_TYPES.map((type) => [type]))('%s reads a truncated date as a DATE', (type) => {
  const dialect = dialectFor(type);
  expect(dialect.dateValue(dialect.timeFrameSql('MONTH', 'd', { baseType: 'date' }))).toBe(DATE_VALUE[type]);
});
