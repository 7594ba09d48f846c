import type { ConnectionOptions, StatementOption } from 'snowflake-sdk';

import { configurationError } from '../adapter/connection-error';
import type { QueryOptions } from '../adapter/warehouse-adapter';
import { optionalPositive, requireText } from '../connections/require-field';
import { SNOWFLAKE_AUTHENTICATION_TYPES, type SnowflakeConnectionConfig } from '../connections/snowflake-connection';
import type { QueryParam } from '../query/query-params';
import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { SNOWFLAKE_SQL } from '../sql/sql-lexical-rules';

function credentialsOf(
  config: SnowflakeConnectionConfig,
): Pick<ConnectionOptions, 'authenticator' | 'password' | 'privateKey' | 'privateKeyPass'> {
  const authenticationType = config.authenticationType ?? (config.privateKey ? 'private_key' : 'password');
  switch (authenticationType) {
    case 'password':
      return { authenticator: 'SNOWFLAKE', password: requireText(config, 'password') };
    case 'private_key':
      return {
        authenticator: 'SNOWFLAKE_JWT',
        privateKey: requireText(config, 'privateKey'),
        privateKeyPass: config.privateKeyPass || undefined,
      };
    default:
      throw configurationError('authenticationType', `authenticationType must be one of ${SNOWFLAKE_AUTHENTICATION_TYPES.join(', ')}`);
  }
}

/** Connection fields → snowflake-sdk connection options. */
export function snowflakeConnectionOptions(config: SnowflakeConnectionConfig): ConnectionOptions {
  return {
    account: requireText(config, 'account'),
    accessUrl: config.accessUrl || undefined,
    username: requireText(config, 'user'),
    ...credentialsOf(config),
    database: requireText(config, 'database'),
    schema: requireText(config, 'schema'),
    warehouse: requireText(config, 'warehouse'),
    role: config.role || undefined,
    clientSessionKeepAlive: config.clientSessionKeepAlive ?? false,
  };
}

/**
 * Session parameters sent with each statement (Snowflake applies them to that statement only).
 * MULTI_STATEMENT_COUNT = 1: exactly one statement per query, whatever the account or user default
 * (0 would let one text run any number of statements).
 */
export function snowflakeStatementParameters(
  config: SnowflakeConnectionConfig,
  options: Pick<QueryOptions, 'timezone'>,
): Record<string, string | number | boolean> {
  const parameters: Record<string, string | number | boolean> = { MULTI_STATEMENT_COUNT: 1 };
  if (config.queryTag) parameters['QUERY_TAG'] = config.queryTag;
  if (options.timezone) parameters['TIMEZONE'] = options.timezone;
  const timeoutSeconds = optionalPositive(config, 'timeoutSeconds');
  if (timeoutSeconds !== undefined) parameters['STATEMENT_TIMEOUT_IN_SECONDS'] = Math.ceil(timeoutSeconds);
  if (config.quotedIdentifiersIgnoreCase !== undefined) parameters['QUOTED_IDENTIFIERS_IGNORE_CASE'] = config.quotedIdentifiersIgnoreCase;
  return parameters;
}

/** Bind values as snowflake-sdk takes them: Dates as ISO text, big integers as their digits. */
export function snowflakeBinds(params: readonly QueryParam[]): (string | number | boolean | null)[] {
  return params.map((value) => (value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value));
}

/**
 * The statement for `$n` SQL: Snowflake binds `:n` by position and allows a number to repeat.
 * Numbers are fetched as text so NUMBER(38,0) and wide decimals keep every digit.
 */
export function snowflakeStatement(
  config: SnowflakeConnectionConfig,
  sql: string,
  params: readonly QueryParam[],
  options: Pick<QueryOptions, 'timezone'>,
): Pick<StatementOption, 'sqlText' | 'binds' | 'parameters' | 'fetchAsString' | 'rowMode' | 'streamResult'> {
  return {
    sqlText: rewritePlaceholders(sql, params.length, SNOWFLAKE_SQL, (index) => `:${index}`),
    binds: params.length > 0 ? snowflakeBinds(params) : undefined,
    parameters: snowflakeStatementParameters(config, options),
    fetchAsString: ['Number'],
    rowMode: 'array',
    streamResult: true,
  };
}

/** An identifier as Snowflake resolves unquoted names (upper-cased), quoted only when it must be. */
export function snowflakeIdentifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
