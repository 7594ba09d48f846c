import { WAREHOUSE_TYPES } from '@quarry/domain';

import { dialectFor } from './dialect-for';

describe('hooks the query compiler writes SQL with', () => {
  it('every dialect writes $n placeholders, which the warehouse adapters rewrite', () => {
    for (const type of WAREHOUSE_TYPES) expect(dialectFor(type).placeholder(3)).toBe('$3');
  });

  it('types bound numbers only where the warehouse infers a parameter type from the column', () => {
    expect(dialectFor('postgres').numberParameter('$1')).toBe('CAST($1 AS NUMERIC)');
    expect(dialectFor('redshift').numberParameter('$1')).toBe('CAST($1 AS NUMERIC)');
    expect(dialectFor('duckdb').numberParameter('$1')).toBe('$1');
  });

  it('casts bound dates where the warehouse does not coerce text parameters', () => {
    expect(dialectFor('bigquery').timeParameter('$1', 'timestamp')).toBe('CAST($1 AS TIMESTAMP)');
    expect(dialectFor('trino').timeParameter('$1', 'date')).toBe('CAST($1 AS DATE)');
    expect(dialectFor('trino').timeParameter('$1', 'timestamp')).toBe('CAST($1 AS TIMESTAMP)');
    expect(dialectFor('postgres').timeParameter('$1', 'date')).toBe('$1');
  });

  it('names the backslash as LIKE escape where it is not already the default', () => {
    expect(dialectFor('postgres').likeEscapeClause()).toBe(" ESCAPE '\\'");
    expect(dialectFor('trino').likeEscapeClause()).toBe(" ESCAPE '\\'");
    expect(dialectFor('snowflake').likeEscapeClause()).toBe(" ESCAPE '\\\\'");
    for (const type of ['bigquery', 'clickhouse', 'databricks'] as const) expect(dialectFor(type).likeEscapeClause()).toBe('');
  });

  it('concatenates text with the warehouse idiom, casting numbers where CONCAT wants strings', () => {
    expect(dialectFor('postgres').concatSql(['a', "' - '", 'b'])).toBe("(a || ' - ' || b)");
    expect(dialectFor('snowflake').concatSql(['a', "' - '", 'b'])).toBe("CONCAT(a, ' - ', b)");
    expect(dialectFor('bigquery').concatSql(['a', "' - '"])).toBe("CONCAT(CAST(a AS STRING), ' - ')");
    expect(dialectFor('trino').concatSql(['a', "' - '"])).toBe("CONCAT(CAST(a AS VARCHAR), ' - ')");
    expect(dialectFor('duckdb').concatSql(['a', "' - '"])).toBe("(regexp_replace(CAST(a AS VARCHAR), '\\.0$', '') || ' - ')");
  });

  it('casts to a double-precision float', () => {
    expect(dialectFor('postgres').castToFloat('x')).toBe('CAST(x AS DOUBLE PRECISION)');
    expect(dialectFor('bigquery').castToFloat('x')).toBe('CAST(x AS FLOAT64)');
    expect(dialectFor('clickhouse').castToFloat('x')).toBe('toFloat64(x)');
    expect(dialectFor('databricks').castToFloat('x')).toBe('CAST(x AS DOUBLE)');
  });

  it('places nulls and limits', () => {
    expect(dialectFor('postgres').nullsOrderingSql(true)).toBe(' NULLS FIRST');
    expect(dialectFor('postgres').nullsOrderingSql(false)).toBe(' NULLS LAST');
    expect(dialectFor('clickhouse').limitSql(10)).toBe('LIMIT 10');
    expect(dialectFor('duckdb').rowAtSql(9)).toBe('LIMIT 1 OFFSET 9');
  });
});
