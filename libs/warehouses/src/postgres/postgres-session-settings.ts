import type { QueryOptions } from '../adapter/warehouse-adapter';
import { optionalPositive } from '../connections/require-field';
import type { PostgresLikeConfig } from './postgres-client-config';

/** A run-time parameter set with `set_config(name, value, true)`: local to the transaction. */
export interface SessionSetting {
  name: string;
  value: string;
}

/** The settings a query's transaction starts with; values are bound, never spliced into SQL. */
export function postgresSessionSettings(config: PostgresLikeConfig, options: Pick<QueryOptions, 'timezone'>): SessionSetting[] {
  const settings: SessionSetting[] = [];
  if (config.type === 'postgres' && config.searchPath) settings.push({ name: 'search_path', value: config.searchPath });
  if (config.type === 'postgres' && config.role) settings.push({ name: 'role', value: config.role });
  const timeoutSeconds = optionalPositive(config, 'timeoutSeconds');
  if (timeoutSeconds !== undefined) settings.push({ name: 'statement_timeout', value: String(Math.round(timeoutSeconds * 1000)) });
  if (options.timezone) settings.push({ name: 'TimeZone', value: options.timezone });
  return settings;
}

/** One statement reading the backend's pid (for cancelling) and applying the settings. */
export function sessionSetupQuery(settings: readonly SessionSetting[]): { text: string; values: string[] } {
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  return {
    text: ['SELECT pg_backend_pid() AS pid', ...calls].join(', '),
    values: settings.flatMap((setting) => [setting.name, setting.value]),
  };
}
