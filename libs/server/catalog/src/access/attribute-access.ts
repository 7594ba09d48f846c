import type { CatalogAttributeRule } from '@quarry/server/database';

/** A user's attributes: name → their values (an attribute may hold several). */
export type UserAttributeValues = Readonly<Record<string, readonly string[]>>;

/**
 * Whether a user with these attributes may see an item: every `all` rule needs each of its
 * attributes to hold an accepted value, every `any` rule needs one of them to.
 */
export function satisfiesAttributeRules(rules: readonly CatalogAttributeRule[], user: UserAttributeValues): boolean {
  return rules.every((rule) => {
    const matches = Object.entries(rule.attributes).map(([name, accepted]) => holds(user[name], accepted));
    return rule.mode === 'all' ? matches.every(Boolean) : matches.some(Boolean);
  });
}

function holds(values: readonly string[] | undefined, accepted: string | string[]): boolean {
  if (!values) return false;
  const acceptedValues = Array.isArray(accepted) ? accepted : [accepted];
  return values.some((value) => acceptedValues.includes(value));
}

/** The `requiredAttributes` a client sees: the `all` rules merged (an item's own rules win). */
export function requiredAttributesOf(rules: readonly CatalogAttributeRule[]): Record<string, string | string[]> {
  return Object.assign({}, ...rules.filter((rule) => rule.mode === 'all').map((rule) => rule.attributes)) as Record<
    string,
    string | string[]
  >;
}
