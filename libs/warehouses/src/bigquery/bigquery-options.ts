import type { BigQueryOptions, Query } from '@google-cloud/bigquery';

import { configurationError } from '../adapter/connection-error';
import type { QueryOptions } from '../adapter/warehouse-adapter';
import type { BigqueryConnectionConfig } from '../connections/bigquery-connection';
import { optionalPositive, requireText } from '../connections/require-field';
import type { QueryParam } from '../query/query-params';
import { rewritePlaceholders } from '../sql/rewrite-placeholders';
import { BIGQUERY_SQL } from '../sql/sql-lexical-rules';

/** Connection fields → BigQuery client options (a service-account key; jobs run in executionProject). */
export function bigQueryClientOptions(config: BigqueryConnectionConfig): BigQueryOptions {
  const keyfile = config.keyfileContents as unknown;
  if (keyfile === null || typeof keyfile !== 'object' || Array.isArray(keyfile)) {
    throw configurationError('keyfileContents', 'keyfileContents must be the JSON key file of a service account');
  }
  const credentials = keyfile as Record<string, unknown>;
  if (typeof credentials['client_email'] !== 'string' || typeof credentials['private_key'] !== 'string') {
    throw configurationError('keyfileContents', 'keyfileContents lacks client_email or private_key');
  }
  const retries = optionalPositive(config, 'retries');
  return {
    projectId: config.executionProject || requireText(config, 'project'),
    credentials: credentials as BigQueryOptions['credentials'],
    location: config.location || undefined,
    userAgent: 'quarry',
    ...(retries === undefined ? {} : { retryOptions: { maxRetries: Math.floor(retries) } }),
  };
}

/** BigQuery wants a declared type for null values and for integers beyond a JS number. */
function declaredType(value: QueryParam): string | undefined {
  if (value === null) return 'STRING';
  if (typeof value === 'bigint') return 'INT64';
  return undefined;
}

/**
 * The query job for `$n` SQL: named parameters `@p1 … @pn` (a name may repeat), standard SQL,
 * the dataset as default, and the connection's billing limits and priority.
 */
export function bigQueryJobOptions(
  config: BigqueryConnectionConfig,
  sql: string,
  params: readonly QueryParam[],
  options: Pick<QueryOptions, 'timezone' | 'timeoutMs'>,
): Query {
  const named: Record<string, unknown> = {};
  const types: Record<string, string> = {};
  params.forEach((value, index) => {
    const name = `p${index + 1}`;
    named[name] = typeof value === 'bigint' ? value.toString() : value;
    const type = declaredType(value);
    if (type) types[name] = type;
  });
  const timeoutSeconds = optionalPositive(config, 'timeoutSeconds');
  const timeoutMs = options.timeoutMs ?? (timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000);
  const maximumBytesBilled = optionalPositive(config, 'maximumBytesBilled');
  return {
    query: rewritePlaceholders(sql, params.length, BIGQUERY_SQL, (index) => `@p${index}`),
    ...(params.length > 0 ? { params: named, types } : {}),
    useLegacySql: false,
    location: config.location || undefined,
    defaultDataset: { projectId: requireText(config, 'project'), datasetId: requireText(config, 'dataset') },
    priority: config.priority === 'batch' ? 'BATCH' : 'INTERACTIVE',
    ...(maximumBytesBilled === undefined ? {} : { maximumBytesBilled: String(Math.floor(maximumBytesBilled)) }),
    ...(timeoutMs === undefined ? {} : { jobTimeoutMs: Math.ceil(timeoutMs) }),
    ...(options.timezone ? { connectionProperties: [{ key: 'time_zone', value: options.timezone }] } : {}),
    labels: { application: 'quarry' },
  };
}

/** A BigQuery quoted identifier (backticks; backslash escapes). */
export function bigQueryIdentifier(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}
