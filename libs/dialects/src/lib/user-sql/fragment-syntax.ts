import type { WarehouseType } from '@quarry/domain';

/**
 * How a warehouse quotes and comments, as far as judging a user's SQL fragment needs to know.
 * Only what differs between engines is listed; everything else the fragment check treats the same
 * way on every engine (see one-expression.ts).
 */
export interface FragmentSyntax {
  /** Backquoted identifiers (BigQuery, Databricks, ClickHouse); elsewhere a backquote is refused. */
  backquotes: boolean;
  /** `'''…'''` and `"""…"""` strings (BigQuery): refused, as the plain reading of quotes disagrees with them. */
  tripleQuotes: boolean;
  /** `#` starts a line comment (BigQuery, ClickHouse). */
  hashComments: boolean;
  /** `//` starts a line comment (Snowflake). */
  slashComments: boolean;
  /** `:1` is a bind variable (Snowflake). */
  colonBinds: boolean;
}

const STANDARD: FragmentSyntax = { backquotes: false, tripleQuotes: false, hashComments: false, slashComments: false, colonBinds: false };

/** The fragment syntax of each warehouse kind. Exhaustive: a new kind must say how it quotes. */
export function fragmentSyntaxOf(type: WarehouseType): FragmentSyntax {
  switch (type) {
    case 'postgres':
    case 'redshift':
    case 'duckdb':
    case 'trino':
      return STANDARD;
    case 'snowflake':
      return { ...STANDARD, slashComments: true, colonBinds: true };
    case 'bigquery':
      return { ...STANDARD, backquotes: true, tripleQuotes: true, hashComments: true };
    case 'databricks':
      return { ...STANDARD, backquotes: true };
    case 'clickhouse':
      return { ...STANDARD, backquotes: true, hashComments: true };
  }
}
