import type { SqlDialect } from '@quarry/dialects';
import { type Explore, fieldId, type WeekDay } from '@quarry/domain';
import { renderFilterRuleSql } from '@quarry/semantic';

import { splitReference } from '../references/field-references';
import type { RuntimeReferences } from '../references/runtime-references';

export interface RequiredFilterSql {
  sql: string;
  tables: string[];
}

/**
 * The base table's required filters (semantics.md §4): declared in YAML, so written as literals
 * like the reference's compiledSql; skipped when the query already filters that dimension or
 * the rule is a default filter (`required: false`). A `table.dim` target forces its join.
 */
export function requiredFilters(
  explore: Explore,
  filteredFieldIds: ReadonlySet<string>,
  context: { dialect: SqlDialect; now: Date; startOfWeek?: WeekDay; references: RuntimeReferences },
): RequiredFilterSql[] {
  const base = explore.tables[explore.baseTable];
  return (base?.requiredFilters ?? []).flatMap((rule) => {
    if (rule.required === false) return [];
    const target = splitReference(rule.target.fieldRef, explore.baseTable);
    const dimension = target ? explore.tables[target.table]?.dimensions[target.name] : undefined;
    if (!dimension) return [];
    if (filteredFieldIds.has(fieldId(dimension.table, dimension.name))) return [];
    const caseSensitive = dimension.caseSensitive ?? explore.caseSensitive ?? true;
    const sql = renderFilterRuleSql(rule, context.references.substitute(dimension.compiledSql), dimension.type, {
      dialect: context.dialect,
      now: context.now,
      caseSensitive,
      ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }),
    });
    return [{ sql: `(\n  ${sql}\n)`, tables: dimension.tablesReferences }];
  });
}
