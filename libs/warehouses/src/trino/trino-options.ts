import { configurationError } from '../adapter/connection-error';
import type { QueryOptions } from '../adapter/warehouse-adapter';
import { optionalPort, requireText } from '../connections/require-field';
import type { TrinoConnectionConfig } from '../connections/trino-connection';
import type { QueryParam } from '../query/query-params';
import { placeholderOrder, rewritePlaceholders } from '../sql/rewrite-placeholders';
import { TRINO_SQL } from '../sql/sql-lexical-rules';
import { quoteStringLiteral, withoutTrailingSemicolons } from '../sql/sql-literals';

/** What trino-client's Trino.create needs (the adapter turns user/password into its BasicAuth). */
export interface TrinoClientOptions {
  server: string;
  catalog: string;
  schema: string;
  source: string;
  user: string;
  password: string | undefined;
}

export function trinoClientOptions(config: TrinoConnectionConfig): TrinoClientOptions {
  const scheme = config.http_scheme ?? 'https';
  if (scheme !== 'http' && scheme !== 'https') throw configurationError('http_scheme', 'http_scheme must be http or https');
  const port = optionalPort(config, 'port', scheme === 'https' ? 443 : 8080);
  return {
    server: `${scheme}://${requireText(config, 'host')}:${port}`,
    catalog: requireText(config, 'dbname'),
    schema: requireText(config, 'schema'),
    source: config.source || 'quarry',
    user: requireText(config, 'user'),
    password: config.password || undefined,
  };
}

/** Request headers for one query: the session time zone. */
export function trinoHeaders(options: Pick<QueryOptions, 'timezone'>): Record<string, string> {
  return options.timezone ? { 'X-Trino-Time-Zone': options.timezone } : {};
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/** A Trino literal for a USING clause: text with quotes doubled (Trino strings take no backslash escapes). */
export function trinoLiteral(value: QueryParam): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : `DOUBLE '${String(value)}'`;
  if (value instanceof Date) {
    const text =
      `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
      `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}.${pad(value.getUTCMilliseconds(), 3)}`;
    return `TIMESTAMP '${text} UTC'`;
  }
  return quoteStringLiteral(value, TRINO_SQL);
}

/**
 * The statement for `$n` SQL. trino-client has no parameter API, so the query is prepared and run
 * in one step by the server — `EXECUTE IMMEDIATE '<sql with ?>' USING <values>` — with each
 * value rendered as an escaped literal of its own type, in placeholder order.
 */
export function trinoStatement(sql: string, params: readonly QueryParam[]): string {
  if (params.length === 0) return sql;
  const order = placeholderOrder(sql, TRINO_SQL);
  const prepared = rewritePlaceholders(withoutTrailingSemicolons(sql), params.length, TRINO_SQL, () => '?');
  const using = order.map((index) => trinoLiteral(params[index - 1] ?? null));
  return using.length === 0 ? sql : `EXECUTE IMMEDIATE ${quoteStringLiteral(prepared, TRINO_SQL)} USING ${using.join(', ')}`;
}

/** A double-quoted Trino identifier. */
export function trinoIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
