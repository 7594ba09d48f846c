import { loadManifest } from '../manifest/load-manifest';
import { loadYamlProject, type YamlProjectInput } from '../yaml-project/load-yaml-project';
import type { TransformProject } from './transform-project';

/** A transform project as the caller has it: a compiled manifest, or the project's YAML files. */
export type TransformProjectInput = { kind: 'manifest'; manifest: unknown } | ({ kind: 'yaml' } & YamlProjectInput);

export function loadTransformProject(input: TransformProjectInput): TransformProject {
  switch (input.kind) {
    case 'manifest':
      return loadManifest(input.manifest);
    case 'yaml':
      return loadYamlProject(input);
  }
}
