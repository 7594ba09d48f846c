import { TransformProjectError } from '@quarry/domain';

import type { TransformColumn, TransformModel, TransformProject, TransformResourceType } from '../project/transform-project';
import { isRecord } from '../util/is-record';
import { mergeMeta } from '../util/merge-meta';
import { unique } from '../util/unique';
import { type DbtProjectFile, readDbtProjectFile } from './dbt-project-file';
import { generateSchemaName } from './generate-schema-name';
import { parseYamlFile } from './parse-yaml-file';
import { readProfileTarget, type TargetLocation } from './profile-target';
import { applyConfig, type NodeConfig, resolveProjectConfig } from './resolve-project-config';

export interface YamlProjectInput {
  /** The project's files, keyed by path relative to the project root (`models/schema.yml`). */
  files: Readonly<Record<string, string>>;
  /** Target database and schema; when absent they are read from `profiles.yml`. */
  target?: TargetLocation;
  /** Output of the profile to use; default the profile's `target`. */
  targetName?: string;
  /** Path of profiles.yml inside `files`; default `profiles.yml`. */
  profilesPath?: string;
  /** Values for `{{ env_var('…') }}` in profiles.yml. */
  env?: Readonly<Record<string, string>>;
}

/** Root files that configure the project rather than declare nodes (matter when a resource path is the root). */
const PROJECT_LEVEL_FILES = new Set([
  'dbt_project.yml',
  'dbt_project.yaml',
  'profiles.yml',
  'packages.yml',
  'dependencies.yml',
  'selectors.yml',
]);

/** A `models:` / `seeds:` entry of a YAML properties file. */
interface PropertiesEntry {
  resourceType: TransformResourceType;
  name: string;
  entry: Record<string, unknown>;
  ymlPath: string;
  /** Folder of the file (relative to its resource path) that places the node in the config tree. */
  folders: string[];
}

/**
 * Reads a dbt project from its YAML files alone (no compile step): models and seeds declared
 * in properties files, with relations named as dbt's default macros would name them.
 */
export function loadYamlProject(input: YamlProjectInput): TransformProject {
  const files = normalizePaths(input.files);
  const project = readDbtProjectFile(files);
  const location =
    input.target ??
    readProfileTarget(files, {
      profileName: project.profile ?? project.name,
      env: input.env ?? {},
      ...(input.targetName ? { targetName: input.targetName } : {}),
      ...(input.profilesPath ? { profilesPath: input.profilesPath } : {}),
    });
  const sqlFiles = modelSqlFiles(files, project);
  const entries = propertiesEntries(files, project);
  assertUniqueNames(entries);

  const documented = new Set(entries.filter((entry) => entry.resourceType === 'model').map((entry) => entry.name));
  const undocumented: PropertiesEntry[] = [...sqlFiles.entries()]
    .filter(([name]) => !documented.has(name))
    .map(([name, sqlFile]) => ({ resourceType: 'model', name, entry: { name }, ymlPath: '', folders: sqlFile.folders }));

  const models = [...entries, ...undocumented]
    .map((entry) => toTransformModel(entry, project, location, sqlFiles.get(entry.name)?.path))
    .filter((model): model is TransformModel => model !== undefined);
  return { projectName: project.name, models };
}

function normalizePaths(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, contents]) => [path.replaceAll('\\', '/').replace(/^\.\//, ''), contents]));
}

/** The folders of `path` below whichever of `roots` contains it, or undefined if none does. */
function foldersUnder(path: string, roots: readonly string[]): string[] | undefined {
  for (const root of roots) {
    const prefix = root === '' || root === '.' ? '' : `${root}/`;
    if (path.startsWith(prefix)) return path.slice(prefix.length).split('/').slice(0, -1);
  }
  return undefined;
}

function modelSqlFiles(files: Record<string, string>, project: DbtProjectFile): Map<string, { path: string; folders: string[] }> {
  const result = new Map<string, { path: string; folders: string[] }>();
  for (const path of Object.keys(files).sort()) {
    const folders = path.endsWith('.sql') ? foldersUnder(path, project.modelPaths) : undefined;
    if (folders) result.set(path.slice(path.lastIndexOf('/') + 1, -'.sql'.length), { path, folders });
  }
  return result;
}

function propertiesEntries(files: Record<string, string>, project: DbtProjectFile): PropertiesEntry[] {
  const entries: PropertiesEntry[] = [];
  for (const path of Object.keys(files).sort()) {
    if (!/\.ya?ml$/.test(path) || PROJECT_LEVEL_FILES.has(path)) continue;
    const folders = foldersUnder(path, project.modelPaths) ?? foldersUnder(path, project.seedPaths);
    if (!folders) continue;
    const parsed = parseYamlFile(path, files[path] ?? '');
    if (!isRecord(parsed)) continue;
    for (const [key, resourceType] of [
      ['models', 'model'],
      ['seeds', 'seed'],
    ] as const) {
      const list = parsed[key];
      if (list === undefined || list === null) continue;
      if (!Array.isArray(list)) throw new TransformProjectError(`${path}: "${key}" must be a list`, { path });
      for (const entry of list) {
        if (!isRecord(entry) || typeof entry['name'] !== 'string' || entry['name'] === '') {
          throw new TransformProjectError(`${path}: every entry of "${key}" needs a name`, { path });
        }
        entries.push({ resourceType, name: entry['name'], entry, ymlPath: path, folders });
      }
    }
  }
  return entries;
}

function assertUniqueNames(entries: readonly PropertiesEntry[]): void {
  const seen = new Map<string, string>();
  for (const { name, ymlPath } of entries) {
    const previous = seen.get(name);
    if (previous !== undefined) {
      throw new TransformProjectError(`"${name}" is declared twice (${previous} and ${ymlPath})`, { name });
    }
    seen.set(name, ymlPath);
  }
}

function toTransformModel(
  entry: PropertiesEntry,
  project: DbtProjectFile,
  location: TargetLocation,
  sqlPath: string | undefined,
): TransformModel | undefined {
  const tree = entry.resourceType === 'seed' ? project.seedsConfig : project.modelsConfig;
  const inherited = resolveProjectConfig(tree, [project.name, ...entry.folders, entry.name]);
  const config: NodeConfig = applyConfig(inherited, entry.entry['config']);
  if (config.enabled === false || config.materialized === 'ephemeral') return undefined;
  const ownTags = entry.entry['tags'];
  const tags = unique([
    ...config.tags,
    ...(typeof ownTags === 'string'
      ? [ownTags]
      : Array.isArray(ownTags)
        ? ownTags.filter((tag): tag is string => typeof tag === 'string')
        : []),
  ]);
  const entryConfig = isRecord(entry.entry['config']) ? entry.entry['config'] : {};
  return {
    uniqueId: `${entry.resourceType}.${project.name}.${entry.name}`,
    resourceType: entry.resourceType,
    name: entry.name,
    alias: config.alias ?? entry.name,
    database: config.database ?? location.database,
    schema: generateSchemaName(location.schema, config.schema),
    description: typeof entry.entry['description'] === 'string' ? entry.entry['description'] : '',
    // Project-level meta first, then the entry's `meta`, then its `config.meta`, which wins.
    meta: mergeMeta(inherited.meta, entry.entry['meta'], entryConfig['meta']),
    tags,
    ...(config.materialized ? { materialized: config.materialized } : entry.resourceType === 'seed' ? { materialized: 'seed' } : {}),
    columns: columnsOf(entry.entry['columns'], entry.ymlPath),
    ...(entry.ymlPath ? { ymlPath: entry.ymlPath } : {}),
    ...(sqlPath ? { sqlPath } : {}),
  };
}

function columnsOf(value: unknown, ymlPath: string): TransformColumn[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TransformProjectError(`${ymlPath}: "columns" must be a list`, { path: ymlPath });
  return value.filter(isRecord).map((column) => {
    if (typeof column['name'] !== 'string' || column['name'] === '') {
      throw new TransformProjectError(`${ymlPath}: every column needs a name`, { path: ymlPath });
    }
    const config = isRecord(column['config']) ? column['config'] : {};
    return {
      name: column['name'],
      description: typeof column['description'] === 'string' ? column['description'] : '',
      meta: mergeMeta(column['meta'], config['meta']),
    };
  });
}
