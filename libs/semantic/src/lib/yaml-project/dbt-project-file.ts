import { TransformProjectError } from '@quarry/domain';

import { isRecord } from '../util/is-record';
import { parseYamlFile } from './parse-yaml-file';

/** The parts of `dbt_project.yml` that decide where models live and how their relations are named. */
export interface DbtProjectFile {
  name: string;
  profile?: string;
  modelPaths: string[];
  seedPaths: string[];
  /** The `models:` config tree (folders → `+schema`, `+alias`, `+database`, `+meta`, …). */
  modelsConfig: Record<string, unknown>;
  seedsConfig: Record<string, unknown>;
}

export function readDbtProjectFile(files: Readonly<Record<string, string>>): DbtProjectFile {
  const path = 'dbt_project.yml' in files ? 'dbt_project.yml' : 'dbt_project.yaml';
  const contents = files[path];
  if (contents === undefined) {
    throw new TransformProjectError('The transform project has no dbt_project.yml at its root');
  }
  const parsed = parseYamlFile(path, contents);
  if (!isRecord(parsed) || typeof parsed['name'] !== 'string' || parsed['name'] === '') {
    throw new TransformProjectError(`${path} must set the project "name"`);
  }
  return {
    name: parsed['name'],
    ...(typeof parsed['profile'] === 'string' ? { profile: parsed['profile'] } : {}),
    // dbt < 1.0 called them source-paths / data-paths.
    modelPaths: pathList(parsed['model-paths'] ?? parsed['source-paths'], ['models']),
    seedPaths: pathList(parsed['seed-paths'] ?? parsed['data-paths'], ['seeds']),
    modelsConfig: isRecord(parsed['models']) ? parsed['models'] : {},
    seedsConfig: isRecord(parsed['seeds']) ? parsed['seeds'] : {},
  };
}

function pathList(value: unknown, fallback: string[]): string[] {
  const list = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return (list.length > 0 ? list : fallback).map((path) => path.replace(/^\.\//, '').replace(/\/+$/, ''));
}
