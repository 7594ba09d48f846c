import type { SqlDialect } from '@quarry/dialects';
import { type Explore, fieldId, type ModelFilterRule, type WeekDay } from '@quarry/domain';
import { renderFilterRuleSql } from '@quarry/semantic';

import { filterRuleSql } from '../filters/filter-rule-sql';
import { RELATIVE_DATE_OPERATORS } from '../filters/reads-clock';
import type { RelativeDates } from '../filters/relative-date-bounds';
import { LiteralWriter } from '../params/literal-writer';
import { splitReference } from '../references/field-references';
import type { RuntimeReferences } from '../references/runtime-references';

export interface RequiredFilterSql {
  sql: string;
  tables: string[];
}

export interface RequiredFilterContext {
  dialect: SqlDialect;
  now: Date;
  startOfWeek?: WeekDay;
  references: RuntimeReferences;
  /** Calendar of the query (its time zone and week start), for relative date rules. */
  dates: RelativeDates;
}

/**
 * The base table's required filters (semantics.md §4): declared in YAML, so written as literals
 * like the reference's compiledSql; skipped when the query already filters that dimension or
 * the rule is a default filter (`required: false`). A `table.dim` target forces its join.
 */
export function requiredFilters(
  explore: Explore,
  filteredFieldIds: ReadonlySet<string>,
  context: RequiredFilterContext,
): RequiredFilterSql[] {
  const base = explore.tables[explore.baseTable];
  return (base?.requiredFilters ?? []).flatMap((rule) => {
    if (rule.required === false) return [];
    const target = splitReference(rule.target.fieldRef, explore.baseTable);
    const dimension = target ? explore.tables[target.table]?.dimensions[target.name] : undefined;
    if (!dimension) return [];
    const id = fieldId(dimension.table, dimension.name);
    if (filteredFieldIds.has(id)) return [];
    const caseSensitive = dimension.caseSensitive ?? explore.caseSensitive ?? true;
    const d = context.references.substitute(dimension.compiledSql);
    const sql =
      RELATIVE_DATE_OPERATORS.has(rule.operator) && (dimension.type === 'date' || dimension.type === 'timestamp')
        ? relativeRuleSql(rule, d, dimension.type, id, caseSensitive, context)
        : renderFilterRuleSql(rule, d, dimension.type, {
            dialect: context.dialect,
            now: context.now,
            caseSensitive,
            ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }),
          });
    return [{ sql: `(\n  ${sql}\n)`, tables: dimension.tablesReferences }];
  });
}

/**
 * A relative date rule is evaluated when the query runs, in the query's time zone and week
 * start, like the same rule sent with the query (the reference adds required filters to the
 * query's filters); its boundaries are written as literals.
 */
function relativeRuleSql(
  rule: ModelFilterRule,
  d: string,
  type: 'date' | 'timestamp',
  id: string,
  caseSensitive: boolean,
  context: RequiredFilterContext,
): string {
  const { dialect, dates } = context;
  return filterRuleSql(rule, d, type, id, { dialect, dates, caseSensitive, binder: new LiteralWriter(dialect) });
}
