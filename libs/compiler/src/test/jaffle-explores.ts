import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { dialectFor } from '@quarry/dialects';
import type { Explore, WarehouseType } from '@quarry/domain';
import { isExploreError } from '@quarry/domain';
import { compileExplores, loadTransformProject } from '@quarry/semantic';
import { JAFFLE_POSTGRES_CATALOG as JAFFLE_CATALOG } from '@quarry/testing';

/** The shared fixture, read in place (never copied into the repository). */
export const JAFFLE_FIXTURE_DIR = join(__dirname, '../../../testing/fixtures/jaffle-shop');

/**
 * Model meta added to the fixture's manifest, as a project would declare it in its YAML: model
 * `meta` (joins with relationships, primary_key, sql_filter, required_filters, metrics…) and
 * column meta (dimension settings, column metrics), per model name. Objects merge into the
 * existing meta; lists and values replace it.
 */
export type ModelPatch = Record<string, { meta?: Meta; columns?: Record<string, Meta> }>;
type Meta = Record<string, unknown>;

const NO_PATCH: ModelPatch = {};
const cache = new WeakMap<ModelPatch, Map<WarehouseType, Explore[]>>();

/**
 * The jaffle-shop explores as the semantic layer builds them for a warehouse, from the manifest
 * with `patch` applied. The catalog is the PostgreSQL one whatever the warehouse: the explores'
 * relations follow the manifest, and the compiler only needs the dimension types.
 */
export function jaffleExplores(warehouseType: WarehouseType = 'postgres', patch: ModelPatch = NO_PATCH): Explore[] {
  const byWarehouse = cache.get(patch) ?? new Map<WarehouseType, Explore[]>();
  cache.set(patch, byWarehouse);
  const cached = byWarehouse.get(warehouseType);
  if (cached) return cached;
  const manifest = patchedManifest(patch);
  const project = loadTransformProject({ kind: 'manifest', manifest });
  const built = compileExplores(project, { warehouseType, catalog: JAFFLE_CATALOG });
  const errors = built.filter(isExploreError);
  // A patch that breaks an explore is a mistake in the test, not something to skip silently.
  if (patch !== NO_PATCH && errors.length > 0) throw new Error(`The model patch breaks explores: ${JSON.stringify(errors)}`);
  const explores = built
    .filter((explore): explore is Explore => !isExploreError(explore))
    .map((explore) => withWarehouseRelations(explore, warehouseType));
  byWarehouse.set(warehouseType, explores);
  return explores;
}

export function jaffleExplore(name: string, warehouseType: WarehouseType = 'postgres', patch: ModelPatch = NO_PATCH): Explore {
  const explore = jaffleExplores(warehouseType, patch).find((candidate) => candidate.name === name);
  if (!explore) throw new Error(`No jaffle explore named ${name}`);
  return explore;
}

let manifestText: string | undefined;

function patchedManifest(patch: ModelPatch): Record<string, unknown> {
  manifestText ??= readFileSync(join(JAFFLE_FIXTURE_DIR, 'manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as { nodes: Record<string, ManifestNode> };
  for (const [model, change] of Object.entries(patch)) {
    const node = Object.values(manifest.nodes).find((candidate) => candidate.resource_type === 'model' && candidate.name === model);
    if (!node) throw new Error(`The model patch names ${model}, which is not a model of the fixture`);
    // dbt keeps meta twice (`meta` and `config.meta`, the latter winning): both get the change.
    if (change.meta) {
      node.meta = mergeMeta(node.meta ?? {}, change.meta);
      node.config = { ...node.config, meta: mergeMeta(node.config?.meta ?? {}, change.meta) };
    }
    for (const [column, meta] of Object.entries(change.columns ?? {})) {
      const existing = node.columns[column] ?? { name: column, description: '', meta: {}, data_type: null, tags: [] };
      node.columns[column] = { ...existing, meta: mergeMeta(existing.meta ?? {}, meta) };
    }
  }
  return manifest;
}

interface ManifestNode {
  resource_type: string;
  name: string;
  meta?: Meta;
  config?: { meta?: Meta };
  columns: Record<string, { meta?: Meta } & Meta>;
}

function mergeMeta(base: Meta, change: Meta): Meta {
  const merged: Meta = { ...base };
  for (const [key, value] of Object.entries(change)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeMeta(current, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Meta {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The manifest was built by dbt-postgres, so its relation names are double-quoted, which
 * BigQuery and Databricks read as strings: relations are re-quoted the way that warehouse's dbt
 * adapter would write them, so the snapshots show SQL the warehouse could parse.
 */
function withWarehouseRelations(explore: Explore, warehouseType: WarehouseType): Explore {
  const dialect = dialectFor(warehouseType);
  const tables = Object.fromEntries(
    Object.entries(explore.tables).map(([name, table]) => {
      const relation = /"([^"]+)"$/.exec(table.sqlTable)?.[1];
      return [name, relation ? { ...table, sqlTable: dialect.relationName(table.database, table.schema, relation) } : table];
    }),
  );
  return { ...explore, tables };
}
