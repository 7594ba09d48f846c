import { WAREHOUSE_TYPES, type WarehouseType } from '@quarry/domain';
import { format, type SqlLanguage } from 'sql-formatter';

import { compileNamedQuery } from './test/compile-named-query';
import { QUERY_SET } from './test/query-set';

/** sql-formatter's language closest to each warehouse. */
const LANGUAGE: Record<WarehouseType, SqlLanguage> = {
  postgres: 'postgresql',
  redshift: 'redshift',
  snowflake: 'snowflake',
  bigquery: 'bigquery',
  databricks: 'spark',
  trino: 'trino',
  clickhouse: 'clickhouse',
  duckdb: 'duckdb',
};

describe.each(WAREHOUSE_TYPES.map((type) => [type]))('compiled SQL for %s', (warehouse) => {
  it.each(QUERY_SET.map((entry) => [entry.name, entry]))('%s', (_name, entry) => {
    const compiled = compileNamedQuery(entry, warehouse);
    const formatted = format(compiled.sql, { language: LANGUAGE[warehouse], paramTypes: { numbered: ['$'] } });
    expect({ sql: formatted, params: compiled.params }).toMatchSnapshot();
    // Every bound value is used, and every placeholder has a value.
    const used = new Set([...compiled.sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(compiled.params.map((_value, index) => index + 1));
  });
});
