import { isRecord } from '../util/is-record';
import { mergeMeta } from '../util/merge-meta';
import { unique } from '../util/unique';

/** Config a model or seed can receive from `dbt_project.yml` or its YAML `config:` block. */
export interface NodeConfig {
  enabled?: boolean;
  schema?: string;
  database?: string;
  alias?: string;
  materialized?: string;
  tags: string[];
  meta: Record<string, unknown>;
}

/**
 * Config keys dbt accepts without the `+` prefix. Any other key in the tree names a folder (or
 * a model), as in dbt itself.
 */
const CONFIG_KEYS = new Set([
  'enabled',
  'tags',
  'meta',
  'schema',
  'database',
  'alias',
  'materialized',
  'docs',
  'persist_docs',
  'grants',
  'quoting',
  'full_refresh',
  'on_schema_change',
  'unique_key',
  'incremental_strategy',
  'contract',
  'access',
  'group',
  'pre-hook',
  'post-hook',
  'column_types',
]);

export const EMPTY_CONFIG: NodeConfig = { tags: [], meta: {} };

/**
 * The config `dbt_project.yml` gives a node at `fqn` (`[project, folder…, name]`): every level
 * from the root of the tree down contributes, deeper levels override, `meta` merges deeply and
 * `tags` accumulate — dbt's rules for hierarchical config.
 */
export function resolveProjectConfig(tree: Record<string, unknown>, fqn: readonly string[]): NodeConfig {
  let config = configAtLevel(tree, EMPTY_CONFIG);
  let level: unknown = tree;
  for (const segment of fqn) {
    level = isRecord(level) ? level[segment] : undefined;
    if (!isRecord(level)) break;
    config = configAtLevel(level, config);
  }
  return config;
}

/** Applies a YAML `config:` block (or any config-shaped object) over inherited config. */
export function applyConfig(inherited: NodeConfig, block: unknown): NodeConfig {
  if (!isRecord(block)) return inherited;
  return mergeConfigValues(inherited, (key) => block[key] ?? block[`+${key}`]);
}

function configAtLevel(level: Record<string, unknown>, inherited: NodeConfig): NodeConfig {
  return mergeConfigValues(inherited, (key) =>
    `+${key}` in level ? level[`+${key}`] : isPlainConfigKey(key, level[key]) ? level[key] : undefined,
  );
}

function isPlainConfigKey(key: string, value: unknown): boolean {
  return CONFIG_KEYS.has(key) && value !== undefined;
}

function mergeConfigValues(inherited: NodeConfig, read: (key: string) => unknown): NodeConfig {
  const next: NodeConfig = { ...inherited, tags: [...inherited.tags], meta: inherited.meta };
  const enabled = read('enabled');
  if (typeof enabled === 'boolean') next.enabled = enabled;
  for (const key of ['schema', 'database', 'alias', 'materialized'] as const) {
    const value = read(key);
    if (typeof value === 'string' && value !== '') next[key] = value;
  }
  const tags = read('tags');
  next.tags = unique([
    ...next.tags,
    ...(typeof tags === 'string' ? [tags] : Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []),
  ]);
  const meta = read('meta');
  if (isRecord(meta)) next.meta = mergeMeta(next.meta, meta);
  return next;
}
