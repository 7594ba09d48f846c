import { type FilterGroup, type FilterGroupItem, type FilterRule, isFilterGroup } from '@quarry/domain';

/** Every rule of a filter tree, nested groups included. */
export function allRules(group: FilterGroup | undefined): FilterRule[] {
  if (!group) return [];
  const items: FilterGroupItem[] = 'and' in group ? group.and : group.or;
  return (items ?? []).flatMap((item) => (isFilterGroup(item) ? allRules(item) : [item]));
}

/** The rules every row of the result satisfies: the items of a top-level AND (or a lone item). */
export function topLevelRules(group: FilterGroup | undefined): FilterRule[] {
  if (!group) return [];
  const items: FilterGroupItem[] = 'and' in group ? group.and : group.or.length === 1 ? group.or : [];
  return (items ?? []).filter((item): item is FilterRule => !isFilterGroup(item) && item.disabled !== true);
}

/** The tree without the given top-level rules (the rollup applied them already). */
export function withoutTopLevel(group: FilterGroup | undefined, removed: ReadonlySet<FilterRule>): FilterGroup | undefined {
  if (!group || removed.size === 0) return group;
  const keep = (items: FilterGroupItem[]) => items.filter((item) => isFilterGroup(item) || !removed.has(item));
  if ('and' in group) {
    const and = keep(group.and);
    return and.length === 0 ? undefined : { ...group, and };
  }
  const or = keep(group.or);
  return or.length === 0 ? undefined : { ...group, or };
}

/** Same field, operator, values (in any order), settings and case handling: the same set of rows. */
export function sameRule(a: FilterRule, b: FilterRule): boolean {
  return (
    a.target?.fieldId === b.target?.fieldId &&
    a.operator === b.operator &&
    a.caseSensitive === b.caseSensitive &&
    canonical(a.values) === canonical(b.values) &&
    canonical(a.settings) === canonical(b.settings)
  );
}

/** `b` keeps only rows `a` keeps: both `equals`, `b`'s values among `a`'s. */
export function narrows(b: FilterRule, a: FilterRule): boolean {
  if (a.target?.fieldId !== b.target?.fieldId || a.operator !== 'equals' || b.operator !== 'equals' || a.caseSensitive !== b.caseSensitive)
    return false;
  const allowed = new Set((a.values ?? []).map((value) => JSON.stringify(value)));
  const values = b.values ?? [];
  return values.length > 0 && values.every((value) => allowed.has(JSON.stringify(value)));
}

function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => JSON.stringify(item)).sort());
  if (typeof value === 'object')
    return JSON.stringify(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  return JSON.stringify(value);
}

export function describeRule(rule: FilterRule): string {
  const values = (rule.values ?? []).map((value) => JSON.stringify(value)).join(', ');
  const unit = rule.settings?.unitOfTime ? ` ${rule.settings.completed ? 'completed ' : ''}${rule.settings.unitOfTime}` : '';
  return `${rule.target?.fieldId} ${rule.operator}${values ? ` ${values}` : ''}${unit}`;
}
