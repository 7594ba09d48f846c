import { TransformProjectError } from '@quarry/domain';

import type { TransformColumn, TransformModel, TransformProject } from '../project/transform-project';
import { isRecord } from '../util/is-record';
import { mergeMeta } from '../util/merge-meta';
import { manifestSchemaVersion } from './manifest-version';

/** Reads the models and seeds of a compiled dbt `manifest.json` (schema v7–v12). */
export function loadManifest(manifest: unknown): TransformProject {
  manifestSchemaVersion(manifest);
  const root = manifest as Record<string, unknown>;
  const nodes = root['nodes'];
  if (!isRecord(nodes)) {
    throw new TransformProjectError('Invalid manifest: "nodes" is missing');
  }
  const metadata = root['metadata'] as Record<string, unknown>;
  const models = Object.values(nodes).filter(isQueryableNode).map(toTransformModel);
  const projectName = typeof metadata['project_name'] === 'string' ? metadata['project_name'] : undefined;
  return { ...(projectName ? { projectName } : {}), models };
}

/** Models and seeds are tables or views; ephemeral models exist only inside other models' SQL. */
function isQueryableNode(node: unknown): node is Record<string, unknown> {
  if (!isRecord(node)) return false;
  const config = isRecord(node['config']) ? node['config'] : {};
  if (config['enabled'] === false) return false;
  if (node['resource_type'] === 'seed') return true;
  return node['resource_type'] === 'model' && config['materialized'] !== 'ephemeral';
}

function toTransformModel(node: Record<string, unknown>): TransformModel {
  const config = isRecord(node['config']) ? node['config'] : {};
  const name = stringOr(node['name'], '');
  const configTags = stringArray(config['tags']);
  const relationName = typeof node['relation_name'] === 'string' ? node['relation_name'] : undefined;
  const materialized = typeof config['materialized'] === 'string' ? config['materialized'] : undefined;
  const ymlPath = typeof node['patch_path'] === 'string' ? node['patch_path'].replace(/^[^:]+:\/\//, '') : undefined;
  const sqlPath = typeof node['original_file_path'] === 'string' ? node['original_file_path'] : undefined;
  return {
    uniqueId: stringOr(node['unique_id'], `${String(node['resource_type'])}.${name}`),
    resourceType: node['resource_type'] === 'seed' ? 'seed' : 'model',
    name,
    alias: stringOr(node['alias'], name),
    database: typeof node['database'] === 'string' ? node['database'] : null,
    schema: stringOr(node['schema'], ''),
    ...(relationName ? { relationName } : {}),
    description: stringOr(node['description'], ''),
    meta: mergeMeta(node['meta'], config['meta']),
    tags: configTags.length > 0 ? configTags : stringArray(node['tags']),
    ...(materialized ? { materialized } : {}),
    columns: Object.values(isRecord(node['columns']) ? node['columns'] : {})
      .filter(isRecord)
      .map(toTransformColumn),
    ...(ymlPath ? { ymlPath } : {}),
    ...(sqlPath ? { sqlPath } : {}),
  };
}

function toTransformColumn(column: Record<string, unknown>): TransformColumn {
  const config = isRecord(column['config']) ? column['config'] : {};
  return {
    name: stringOr(column['name'], ''),
    description: stringOr(column['description'], ''),
    meta: mergeMeta(column['meta'], config['meta']),
  };
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
