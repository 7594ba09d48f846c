import type { RelationRef, WarehouseType } from '@quarry/domain';

import type { TransformModel, TransformProject } from '../project/transform-project';
import { isRecord } from '../util/is-record';

/**
 * The tables whose column types explores need from the warehouse catalog: every model, and
 * the seeds that models join. A null database becomes what compiling uses for the warehouse
 * (`''` on ClickHouse, `DEFAULT` on Databricks; left empty when no warehouse is given). Sorted,
 * so the same project always asks for the same list.
 */
export function relationsOf(project: TransformProject, options: { warehouseType?: WarehouseType } = {}): RelationRef[] {
  const joined = new Set(project.models.flatMap(joinTargets));
  const relations = new Map<string, RelationRef>();
  for (const model of project.models) {
    if (model.resourceType === 'seed' && !joined.has(model.name)) continue;
    const database = model.database ?? (options.warehouseType === 'databricks' ? 'DEFAULT' : '');
    const relation = { database, schema: model.schema, table: model.alias };
    relations.set(JSON.stringify(relation), relation);
  }
  return [...relations.values()].sort(
    (a, b) => a.database.localeCompare(b.database) || a.schema.localeCompare(b.schema) || a.table.localeCompare(b.table),
  );
}

/** Models named by a model's joins, including its extra explores' joins. */
function joinTargets(model: TransformModel): string[] {
  const lists = [
    model.meta['joins'],
    ...Object.values(isRecord(model.meta['explores']) ? model.meta['explores'] : {}).map((explore) =>
      isRecord(explore) ? explore['joins'] : undefined,
    ),
  ];
  return lists.flatMap((list) =>
    Array.isArray(list)
      ? list.map((join) => (isRecord(join) ? join['join'] : undefined)).filter((name): name is string => typeof name === 'string')
      : [],
  );
}
