import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { dialectFor } from '@quarry/dialects';
import type { Explore, WarehouseType } from '@quarry/domain';
import { isExploreError } from '@quarry/domain';
import { compileExplores, loadTransformProject } from '@quarry/semantic';

import { JAFFLE_CATALOG } from './jaffle-catalog';

/** The shared fixture, read in place (never copied into the repository). */
export const JAFFLE_FIXTURE_DIR = join(__dirname, '../../../..', '../shared/fixtures/jaffle-shop');

const cache = new Map<WarehouseType, Explore[]>();

/**
 * The jaffle-shop explores as the semantic layer builds them for a warehouse. The catalog is the
 * PostgreSQL one whatever the warehouse: the explores' relations follow the manifest, and the
 * compiler only needs the dimension types.
 */
export function jaffleExplores(warehouseType: WarehouseType = 'postgres'): Explore[] {
  const cached = cache.get(warehouseType);
  if (cached) return cached;
  const manifest = JSON.parse(readFileSync(join(JAFFLE_FIXTURE_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  const project = loadTransformProject({ kind: 'manifest', manifest });
  const explores = compileExplores(project, { warehouseType, catalog: JAFFLE_CATALOG })
    .filter((explore): explore is Explore => !isExploreError(explore))
    .map((explore) => withWarehouseRelations(explore, warehouseType));
  cache.set(warehouseType, explores);
  return explores;
}

export function jaffleExplore(name: string, warehouseType: WarehouseType = 'postgres'): Explore {
  const explore = jaffleExplores(warehouseType).find((candidate) => candidate.name === name);
  if (!explore) throw new Error(`No jaffle explore named ${name}`);
  return explore;
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
