import type { FilterGroup, FilterGroupItem, FilterRule } from '@quarry/domain';

import { badFilterError } from '../errors/query-errors';

/** Renders one rule of a group; null leaves the rule out (period over period drops its time dimension's rules). */
export type RuleRenderer = (rule: FilterRule) => string | null;

/**
 * A filter group as SQL (semantics.md §4): a rule is `(\n  sql\n)`, a group joins its items with
 * AND / OR inside parentheses, empty groups vanish, disabled rules are `1=1`. Null when nothing
 * filters.
 */
export function filterGroupSql(group: FilterGroup | undefined, renderRule: RuleRenderer): string | null {
  if (group === undefined) return null;
  return groupSql(checkedGroup(group), renderRule);
}

function groupSql(group: FilterGroup, renderRule: RuleRenderer): string | null {
  const [operator, items] = 'and' in group ? (['AND', group.and] as const) : (['OR', group.or] as const);
  const parts = items.map((item) => itemSql(item, renderRule)).filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(` ${operator} `)})`;
}

function itemSql(item: FilterGroupItem, renderRule: RuleRenderer): string | null {
  if (typeof item !== 'object' || item === null)
    throw badFilterError('A filter group holds something that is neither a rule nor a group', { item });
  if ('and' in item || 'or' in item) return groupSql(checkedGroup(item), renderRule);
  if (item.disabled === true) return '1=1';
  const sql = renderRule(item);
  return sql === null ? null : `(\n  ${sql}\n)`;
}

function checkedGroup(group: FilterGroup): FilterGroup {
  const items = 'and' in group ? group.and : (group as { or?: unknown }).or;
  if (!Array.isArray(items)) {
    const id = (group as { id?: unknown }).id;
    const named = typeof id === 'string' && id !== '' ? `Filter group "${id}"` : 'A filter group';
    throw badFilterError(`${named} needs an "and" or an "or" list`, typeof id === 'string' && id !== '' ? { filterGroupId: id } : {});
  }
  return group;
}

/** Every rule of a group, nested ones included (to find the fields filters read). */
export function rulesOf(group: FilterGroup | undefined): FilterRule[] {
  if (group === undefined) return [];
  const items = ('and' in group ? group.and : group.or) ?? [];
  return items.flatMap((item) => ('and' in item || 'or' in item ? rulesOf(item) : [item]));
}
