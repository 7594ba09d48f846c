import { effectiveProjectRole, hasAtLeastRole, isOrganizationRole } from './roles';

describe('roles', () => {
  it('orders roles so that higher roles include lower ones', () => {
    expect(hasAtLeastRole('admin', 'viewer')).toBe(true);
    expect(hasAtLeastRole('editor', 'developer')).toBe(false);
    expect(hasAtLeastRole('interactive_viewer', 'interactive_viewer')).toBe(true);
    expect(hasAtLeastRole(undefined, 'viewer')).toBe(false);
    expect(hasAtLeastRole('member', 'viewer')).toBe(false);
  });

  it('takes the highest of organization, project and group roles', () => {
    expect(effectiveProjectRole('viewer', 'editor', ['developer'])).toBe('developer');
    expect(effectiveProjectRole('admin', 'viewer')).toBe('admin');
    expect(effectiveProjectRole('member', undefined, ['interactive_viewer'])).toBe('interactive_viewer');
  });

  it('gives a plain member no project access', () => {
    expect(effectiveProjectRole('member', undefined)).toBeUndefined();
  });

  it('recognises organization roles', () => {
    expect(isOrganizationRole('developer')).toBe(true);
    expect(isOrganizationRole('owner')).toBe(false);
    expect(isOrganizationRole(3)).toBe(false);
  });
});
