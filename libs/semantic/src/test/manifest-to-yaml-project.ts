import { stringify } from 'yaml';

/**
 * A YAML-only dbt project equivalent to a manifest, generated at test time (nothing copied into
 * the repository): dbt_project.yml, a profiles.yml whose target is `postgres`.`jaffle`, each
 * model's and seed's properties file (from its patch_path: description, tags, meta, config.meta,
 * columns with their meta) and each model's SQL file.
 */
export function manifestToYamlProject(manifest: Record<string, unknown>, { projectName = 'jaffle_shop' } = {}): Record<string, string> {
  const nodes = Object.values(manifest['nodes'] as Record<string, Record<string, unknown>>);
  const propertiesFiles = new Map<string, { models: unknown[]; seeds: unknown[] }>();
  const files: Record<string, string> = {};
  for (const node of nodes) {
    const resourceType = node['resource_type'];
    if (resourceType !== 'model' && resourceType !== 'seed') continue;
    const name = node['name'] as string;
    const patchPath =
      typeof node['patch_path'] === 'string'
        ? node['patch_path'].replace(/^[^:]+:\/\//, '')
        : `${resourceType === 'seed' ? 'data' : 'models'}/${name}.yml`;
    const file = propertiesFiles.get(patchPath) ?? { models: [], seeds: [] };
    propertiesFiles.set(patchPath, file);
    (resourceType === 'model' ? file.models : file.seeds).push(propertiesEntry(node));
    if (resourceType === 'model') files[node['original_file_path'] as string] = node['raw_code'] as string;
  }
  for (const [path, { models, seeds }] of propertiesFiles) {
    files[path] = stringify({ version: 2, ...(models.length > 0 ? { models } : {}), ...(seeds.length > 0 ? { seeds } : {}) });
  }
  files['dbt_project.yml'] = stringify({
    name: projectName,
    version: '1.0.0',
    profile: projectName,
    'model-paths': ['models'],
    'seed-paths': ['data'],
  });
  files['profiles.yml'] = stringify({
    [projectName]: {
      target: 'dev',
      outputs: { dev: { type: 'postgres', host: 'localhost', user: 'postgres', dbname: 'postgres', schema: 'jaffle', threads: 1 } },
    },
  });
  return files;
}

function propertiesEntry(node: Record<string, unknown>): Record<string, unknown> {
  const config = (node['config'] ?? {}) as Record<string, unknown>;
  const tags = node['tags'] as string[];
  const meta = node['meta'] as Record<string, unknown>;
  const configMeta = config['meta'] as Record<string, unknown> | undefined;
  const columns = Object.values((node['columns'] ?? {}) as Record<string, Record<string, unknown>>).map((column) => ({
    name: column['name'],
    ...(column['description'] ? { description: column['description'] } : {}),
    ...(Object.keys(column['meta'] as object).length > 0 ? { meta: column['meta'] } : {}),
  }));
  return {
    name: node['name'],
    ...(node['description'] ? { description: node['description'] } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    ...(configMeta && Object.keys(configMeta).length > 0 ? { config: { meta: configMeta } } : {}),
    ...(columns.length > 0 ? { columns } : {}),
  };
}
