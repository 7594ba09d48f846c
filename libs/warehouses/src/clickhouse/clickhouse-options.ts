import type { ClickHouseClientConfigOptions, ClickHouseSettings } from '@clickhouse/client';

import type { QueryOptions } from '../adapter/warehouse-adapter';
import type { ClickhouseConnectionConfig } from '../connections/clickhouse-connection';
import { optionalPort, optionalPositive, requireText } from '../connections/require-field';
import type { QueryParam } from '../query/query-params';
import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { CLICKHOUSE_SQL } from '../sql/sql-lexical-rules';

/**
 * Output settings that make ClickHouse's JSON lossless and zone-free: 64-bit integers and decimals
 * quoted (exact digits), DateTime as ISO-8601 UTC; and a read-only query is cancelled when its HTTP
 * request is aborted.
 */
export const CLICKHOUSE_OUTPUT_SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 1,
  output_format_json_quote_decimals: 1,
  output_format_json_quote_denormals: 1,
  date_time_output_format: 'iso',
  cancel_http_readonly_queries_on_client_close: 1,
};

/**
 * Settings that make ClickHouse answer as SQL does: the unmatched side of an outer join is NULL
 * (ClickHouse's default fills it with the type's default, 0 or '', so a customer without orders
 * would count one distinct order and a previous period without data would show 0), and an
 * aggregate over no rows is NULL.
 */
export const CLICKHOUSE_SQL_SETTINGS: ClickHouseSettings = {
  join_use_nulls: 1,
  // SUM/AVG/MIN/MAX of no rows are NULL, as in SQL (ClickHouse answers 0, or nan for an average).
  aggregate_functions_null_for_empty: 1,
};

/** Connection fields → @clickhouse/client options (the HTTP interface). */
export function clickHouseClientOptions(config: ClickhouseConnectionConfig): ClickHouseClientConfigOptions {
  const secure = config.secure === true;
  const timeoutSeconds = optionalPositive(config, 'timeoutSeconds');
  return {
    url: `${secure ? 'https' : 'http'}://${requireText(config, 'host')}:${optionalPort(config, 'port', secure ? 8443 : 8123)}`,
    username: requireText(config, 'user'),
    password: config.password ?? '',
    database: requireText(config, 'schema'),
    application: 'quarry',
    ...(timeoutSeconds === undefined ? {} : { request_timeout: Math.ceil(timeoutSeconds * 1000) }),
    clickhouse_settings: {
      ...CLICKHOUSE_OUTPUT_SETTINGS,
      ...CLICKHOUSE_SQL_SETTINGS,
      ...(timeoutSeconds === undefined ? {} : { max_execution_time: Math.ceil(timeoutSeconds) }),
    },
  };
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/** ClickHouse binds typed parameters `{name:Type}`: the type follows from the value. */
export function clickHouseParamType(value: QueryParam): string {
  if (value === null) return 'Nullable(String)';
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Bool';
  if (typeof value === 'bigint') return value >= -(2n ** 63n) && value < 2n ** 63n ? 'Int64' : 'Int256';
  if (value instanceof Date) return "DateTime64(3, 'UTC')";
  return Number.isInteger(value) ? 'Int64' : 'Float64';
}

/** A value as the HTTP interface's parameter text expects it (Dates as UTC wall time). */
function clickHouseParamValue(value: QueryParam): unknown {
  if (value instanceof Date) {
    return (
      `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
      `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}.${pad(value.getUTCMilliseconds(), 3)}`
    );
  }
  return value;
}

/** The statement for `$n` SQL: `{p1:Type} … {pn:Type}`, values sent apart from the SQL. */
export function clickHouseStatement(
  sql: string,
  params: readonly QueryParam[],
  options: Pick<QueryOptions, 'timezone' | 'timeoutMs'>,
): { query: string; query_params: Record<string, unknown>; clickhouse_settings: ClickHouseSettings } {
  const queryParams: Record<string, unknown> = {};
  params.forEach((value, index) => {
    queryParams[`p${index + 1}`] = clickHouseParamValue(value);
  });
  const settings: ClickHouseSettings = {};
  if (options.timezone) settings.session_timezone = options.timezone;
  if (options.timeoutMs) settings.max_execution_time = Math.ceil(options.timeoutMs / 1000);
  return {
    query: rewritePlaceholders(
      sql,
      params.length,
      CLICKHOUSE_SQL,
      (index) => `{p${index}:${clickHouseParamType(params[index - 1] ?? null)}}`,
    ),
    query_params: queryParams,
    clickhouse_settings: settings,
  };
}
