import { WAREHOUSE_TYPES } from '@quarry/domain';

import { dialectFor } from './dialect-for';

describe('dialectFor', () => {
  it.each(WAREHOUSE_TYPES)('returns the %s dialect', (type) => {
    const dialect = dialectFor(type);
    expect(dialect.type).toBe(type);
    expect(dialectFor(type)).toBe(dialect);
  });

  it('quotes ${TABLE} with backticks for BigQuery and Databricks and double quotes elsewhere', () => {
    const quotes = Object.fromEntries(WAREHOUSE_TYPES.map((type) => [type, dialectFor(type).quoteTableAlias('t')]));
    expect(quotes).toEqual({
      postgres: '"t"',
      redshift: '"t"',
      snowflake: '"t"',
      bigquery: '`t`',
      databricks: '`t`',
      trino: '"t"',
      clickhouse: '"t"',
      duckdb: '"t"',
    });
  });
});
