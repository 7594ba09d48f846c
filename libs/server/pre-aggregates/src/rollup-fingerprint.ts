import { createHash } from 'node:crypto';

import type { CompiledQuery } from '@quarry/compiler';
import { compile, type RollupPlan, rollupPlan } from '@quarry/compiler';
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
/** Relative-date filters compile to values of the moment: the fingerprint compiles them at a fixed one. */
const FINGERPRINT_NOW = new Date(0);

/** The rollup of a definition, its warehouse query compiled as of `builtAt` (the build's `now`). */
export function planRollup(
  explore: Explore,
  definition: PreAggregateDefinition,
  warehouseType: WarehouseType,
  builtAt: Date = FINGERPRINT_NOW,
): PlannedRollup {
  const plan = rollupPlan(explore, definition);
  const dialect = dialectFor(warehouseType);
  const compileAt = (now: Date) => compile(explore, plan.query, dialect, { timezone: BUILD_TIMEZONE, now }, { withoutLimit: true });
  const fixed = compileAt(FINGERPRINT_NOW);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ definition, columns: plan.columns, sql: fixed.sql, params: fixed.params.map(String) }))
    .digest('hex');
  return { plan, compiled: builtAt === FINGERPRINT_NOW ? fixed : compileAt(builtAt), fingerprint };
}
