import type { ConnectionOptions } from '@databricks/sql/dist/contracts/IDBSQLClient';
import type { OpenSessionRequest } from '@databricks/sql/dist/contracts/IDBSQLClient';

import type { QueryOptions } from '../adapter/warehouse-adapter';
import type { DatabricksConnectionConfig } from '../connections/databricks-connection';
import { requireText } from '../connections/require-field';
import type { QueryParam } from '../query/query-params';
import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { DATABRICKS_SQL } from '../sql/sql-lexical-rules';
import { quoteStringLiteral } from '../sql/sql-literals';

/** Connection fields → @databricks/sql connect options (personal access token). */
export function databricksConnectOptions(config: DatabricksConnectionConfig): ConnectionOptions {
  const host = requireText(config, 'serverHostName')
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  const path = requireText(config, 'httpPath');
  return {
    host,
    path: path.startsWith('/') ? path : `/${path}`,
    authType: 'access-token',
    token: requireText(config, 'personalAccessToken'),
    // DECIMAL as exact text and BIGINT as bigint, instead of rounding both to a JS number.
    preserveBigNumericPrecision: true,
    userAgentEntry: 'quarry',
    telemetryEnabled: false,
  };
}

export function databricksSessionRequest(config: DatabricksConnectionConfig): OpenSessionRequest {
  return { initialCatalog: config.catalog || undefined, initialSchema: requireText(config, 'database') };
}

/** A named parameter as @databricks/sql's DBSQLParameter takes it (the adapter constructs the class). */
export interface DatabricksParameter {
  type?: 'TIMESTAMP' | 'BIGINT' | 'VOID';
  value: string | number | boolean | bigint | Date | null;
}

function parameterOf(value: QueryParam): DatabricksParameter {
  if (value === null) return { type: 'VOID', value: null };
  if (value instanceof Date) return { type: 'TIMESTAMP', value };
  if (typeof value === 'bigint') return { type: 'BIGINT', value };
  return { value };
}

/** The statement for `$n` SQL: named markers `:p1 … :pn` (a name may repeat). */
export function databricksStatement(
  sql: string,
  params: readonly QueryParam[],
): { sql: string; namedParameters: Record<string, DatabricksParameter> } {
  const namedParameters: Record<string, DatabricksParameter> = {};
  params.forEach((value, index) => {
    namedParameters[`p${index + 1}`] = parameterOf(value);
  });
  return { sql: rewritePlaceholders(sql, params.length, DATABRICKS_SQL, (index) => `:p${index}`), namedParameters };
}

/** The statement setting a session's time zone (SET cannot take a parameter; the zone is an escaped literal). */
export function databricksTimezoneStatement(options: Pick<QueryOptions, 'timezone'>): string | undefined {
  return options.timezone ? `SET TIME ZONE ${quoteStringLiteral(options.timezone, DATABRICKS_SQL)}` : undefined;
}
