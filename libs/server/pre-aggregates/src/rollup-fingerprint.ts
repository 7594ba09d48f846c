import { createHash } from 'node:crypto';

import type { CompiledQuery } from '@quarry/compiler';
import { compile, type RollupPlan,rollupPlan } from '@quarry/compiler';
import { dialectFor } from '@quarry/dialects';
import type { Explore, PreAggregateDefinition, WarehouseType } from '@quarry/domain';

/** A definition's rollup plan and the warehouse query that materializes it. */
export interface PlannedRollup {
  plan: RollupPlan;
  compiled: CompiledQuery;
  /** Changes whenever the definition, the stored columns or the warehouse SQL would: a build made from another is never served. */
  fingerprint: string;
}

/** Materialized in UTC: a rollup's time grains are UTC days, months, … */
const BUILD_TIMEZONE = 'UTC';

export function planRollup(explore: Explore, definition: PreAggregateDefinition, warehouseType: WarehouseType): PlannedRollup {
  const plan = rollupPlan(explore, definition);
  const compiled = compile(explore, plan.query, dialectFor(warehouseType), { timezone: BUILD_TIMEZONE }, { withoutLimit: true });
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ definition, columns: plan.columns, sql: compiled.sql, params: compiled.params.map(String) }))
    .digest('hex');
  return { plan, compiled, fingerprint };
}
