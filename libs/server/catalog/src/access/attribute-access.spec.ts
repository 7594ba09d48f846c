import type { CatalogAttributeRule } from '@quarry/server/database';

import { requiredAttributesOf, satisfiesAttributeRules } from './attribute-access';

describe('satisfiesAttributeRules', () => {
  it('lets anyone see an item without rules', () => {
    expect(satisfiesAttributeRules([], {})).toBe(true);
  });

  it('needs every attribute of an `all` rule, any accepted value', () => {
    const rules = [{ mode: 'all' as const, attributes: { is_admin: 'true', region: ['eu', 'us'] } }];
    expect(satisfiesAttributeRules(rules, { is_admin: ['true'], region: ['us'] })).toBe(true);
    expect(satisfiesAttributeRules(rules, { is_admin: ['true'] })).toBe(false);
    expect(satisfiesAttributeRules(rules, { is_admin: ['false'], region: ['eu'] })).toBe(false);
    expect(satisfiesAttributeRules(rules, {})).toBe(false);
  });

  it('needs one attribute of an `any` rule', () => {
    const rules = [{ mode: 'any' as const, attributes: { team: 'finance', is_admin: 'true' } }];
    expect(satisfiesAttributeRules(rules, { team: ['finance'] })).toBe(true);
    expect(satisfiesAttributeRules(rules, { team: ['sales'] })).toBe(false);
  });

  it('applies every rule (table and field)', () => {
    const rules: CatalogAttributeRule[] = [
      { mode: 'all' as const, attributes: { region: 'eu' } },
      { mode: 'all' as const, attributes: { is_admin: 'true' } },
    ];
    expect(satisfiesAttributeRules(rules, { region: ['eu'] })).toBe(false);
    expect(satisfiesAttributeRules(rules, { region: ['eu'], is_admin: ['true'] })).toBe(true);
    expect(requiredAttributesOf(rules)).toEqual({ region: 'eu', is_admin: 'true' });
  });
});
