import type { AnyExplore, DimensionType, Explore, WarehouseCatalog, WarehouseType } from '@quarry/domain';
import { isExploreError } from '@quarry/domain';

import { compileExplores } from '../lib/explores/compile-explores';
import { loadTransformProject } from '../lib/project/load-transform-project';
import type { CompileExploresOptions } from '../lib/tables/compile-context';

/** A column of a test model: its warehouse type (for the catalog) and its meta. */
export interface TestColumn {
  type?: DimensionType;
  meta?: Record<string, unknown>;
  description?: string;
}

export interface TestModel {
  name: string;
  columns?: Record<string, TestColumn>;
  meta?: Record<string, unknown>;
  configMeta?: Record<string, unknown>;
  database?: string | null;
  schema?: string;
  alias?: string;
  resourceType?: 'model' | 'seed';
  materialized?: string;
  tags?: string[];
  configTags?: string[];
  description?: string;
}

/** A minimal manifest (schema v8 unless told) holding the given models. */
export function testManifest(models: readonly TestModel[], { version = 8 }: { version?: number } = {}): Record<string, unknown> {
  const nodes = Object.fromEntries(
    models.map((model) => {
      const resourceType = model.resourceType ?? 'model';
      const database = model.database === undefined ? 'db' : model.database;
      const schema = model.schema ?? 'analytics';
      const alias = model.alias ?? model.name;
      const uniqueId = `${resourceType}.test.${model.name}`;
      return [
        uniqueId,
        {
          unique_id: uniqueId,
          resource_type: resourceType,
          name: model.name,
          alias,
          database,
          schema,
          relation_name: database === null ? `"${schema}"."${alias}"` : `"${database}"."${schema}"."${alias}"`,
          description: model.description ?? '',
          meta: model.meta ?? {},
          tags: model.tags ?? [],
          config: { materialized: model.materialized ?? 'table', meta: model.configMeta ?? model.meta ?? {}, tags: model.configTags ?? [] },
          patch_path: `test://models/${model.name}.yml`,
          original_file_path: `models/${model.name}.sql`,
          columns: Object.fromEntries(
            Object.entries(model.columns ?? {}).map(([name, column]) => [
              name,
              { name, description: column.description ?? '', meta: column.meta ?? {}, data_type: null },
            ]),
          ),
        },
      ];
    }),
  );
  return {
    metadata: { dbt_schema_version: `https://schemas.getdbt.com/dbt/manifest/v${version}.json`, adapter_type: 'postgres' },
    nodes,
  };
}

/** The catalog the test models' column types describe. */
export function testCatalog(models: readonly TestModel[]): WarehouseCatalog {
  const catalog: WarehouseCatalog = {};
  for (const model of models) {
    // Same default database as testManifest; a null database is catalogued under '' (ClickHouse).
    const database = model.database === undefined ? 'db' : (model.database ?? '');
    const schema = model.schema ?? 'analytics';
    const columns = Object.fromEntries(
      Object.entries(model.columns ?? {}).flatMap(([name, column]) => (column.type ? [[name, column.type]] : [])),
    );
    ((catalog[database] ??= {})[schema] ??= {})[model.alias ?? model.name] = columns;
  }
  return catalog;
}

/** Compiles test models as a project on `warehouseType` (postgres unless told). */
export function compileTestModels(
  models: readonly TestModel[],
  options: Partial<CompileExploresOptions> & { warehouseType?: WarehouseType } = {},
): AnyExplore[] {
  return compileExplores(loadTransformProject({ kind: 'manifest', manifest: testManifest(models) }), {
    warehouseType: 'postgres',
    catalog: testCatalog(models),
    ...options,
  });
}

/** The explore named `name`, failing with its errors if it could not be built. */
export function exploreNamed(explores: readonly AnyExplore[], name: string): Explore {
  const explore = explores.find((candidate) => candidate.name === name);
  if (!explore) throw new Error(`No explore "${name}" among ${explores.map((candidate) => candidate.name).join(', ')}`);
  if (isExploreError(explore)) throw new Error(`Explore "${name}" has errors: ${explore.errors.map((error) => error.message).join('; ')}`);
  return explore;
}

/** The error messages of the explore named `name` (empty when it built). */
export function exploreErrors(explores: readonly AnyExplore[], name: string): string[] {
  const explore = explores.find((candidate) => candidate.name === name);
  return explore && isExploreError(explore) ? explore.errors.map((error) => error.message) : [];
}
