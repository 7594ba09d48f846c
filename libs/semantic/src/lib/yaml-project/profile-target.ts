import { TransformProjectError } from '@quarry/domain';

import { isRecord } from '../util/is-record';
import { parseYamlFile } from './parse-yaml-file';
import { renderEnvVars } from './render-env-vars';

/** Where the target writes: the database (catalog/project) and schema (dataset) models default to. */
export interface TargetLocation {
  database: string | null;
  schema: string;
}

export interface ProfileTargetOptions {
  profileName: string;
  /** Output to use; default the profile's `target`. */
  targetName?: string;
  env: Readonly<Record<string, string>>;
  profilesPath?: string;
}

/** Reads the target's database and schema from `profiles.yml`, by the adapter's own key names. */
export function readProfileTarget(files: Readonly<Record<string, string>>, options: ProfileTargetOptions): TargetLocation {
  const path = options.profilesPath ?? 'profiles.yml';
  const contents = files[path];
  if (contents === undefined) {
    throw new TransformProjectError(`The transform project has no ${path}: give the target database and schema another way`, { path });
  }
  const parsed = parseYamlFile(path, renderEnvVars(contents, options.env, path));
  const profile = isRecord(parsed) ? parsed[options.profileName] : undefined;
  if (!isRecord(profile) || !isRecord(profile['outputs'])) {
    throw new TransformProjectError(`${path} has no profile "${options.profileName}" with outputs`, { profile: options.profileName });
  }
  const targetName = options.targetName ?? (typeof profile['target'] === 'string' ? profile['target'] : undefined);
  const output = targetName === undefined ? undefined : profile['outputs'][targetName];
  if (!isRecord(output)) {
    throw new TransformProjectError(`Profile "${options.profileName}" has no target "${targetName ?? '(none)'}"`, { target: targetName });
  }
  return locationOfOutput(output, `${path} ${options.profileName}.${targetName}`);
}

function locationOfOutput(output: Record<string, unknown>, where: string): TargetLocation {
  const type = typeof output['type'] === 'string' ? output['type'] : '';
  const text = (key: string): string | undefined => {
    const value = output[key];
    return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
  };
  const schema =
    type === 'bigquery' ? (text('dataset') ?? text('schema')) : type === 'duckdb' ? (text('schema') ?? 'main') : text('schema');
  if (schema === undefined) {
    throw new TransformProjectError(`${where} sets no schema`);
  }
  return { database: databaseOfOutput(type, text), schema };
}

function databaseOfOutput(type: string, text: (key: string) => string | undefined): string | null {
  switch (type) {
    case 'postgres':
    case 'redshift':
      return text('dbname') ?? text('database') ?? null;
    case 'bigquery':
      return text('project') ?? text('database') ?? null;
    case 'databricks':
      return text('catalog') ?? text('database') ?? null;
    case 'trino':
      return text('database') ?? text('catalog') ?? null;
    // ClickHouse has no database level above the schema; relations are schema.table.
    case 'clickhouse':
      return null;
    case 'duckdb':
      return text('database') ?? duckDbCatalogName(text('path'));
    default:
      return text('database') ?? text('dbname') ?? text('catalog') ?? text('project') ?? null;
  }
}

/** DuckDB names a database file's catalog after the file: `/data/jaffle_shop.duckdb` → `jaffle_shop`. */
export function duckDbCatalogName(path: string | undefined): string {
  if (path === undefined || path === ':memory:') return 'memory';
  const base = path.split(/[\\/]/).pop() ?? path;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
