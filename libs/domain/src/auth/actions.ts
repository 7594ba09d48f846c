import type { OrganizationRole, ProjectRole } from './roles';

/**
 * What can be done at organization level, and the least organization role that may do it.
 * Features add their actions here; services ask the policy, controllers never check roles.
 */
export const ORGANIZATION_ACTIONS = {
  'organization:view': 'member',
  'organization:manage': 'admin',
  'users:view': 'member',
  'users:manage': 'admin',
  'jobs:view-all': 'admin',
  'maintenance:run': 'admin',
  'projects:create': 'admin',
  'projects:create-preview': 'developer',
  'palettes:view': 'member',
  'palettes:manage': 'admin',
  'groups:view': 'member',
  'groups:manage': 'admin',
} as const satisfies Record<string, OrganizationRole>;

export type OrganizationAction = keyof typeof ORGANIZATION_ACTIONS;

/** What can be done inside a project, and the least effective project role that may do it. */
export const PROJECT_ACTIONS = {
  'project:view': 'viewer',
  'explore:query': 'interactive_viewer',
  'export:csv': 'interactive_viewer',
  'space:create': 'editor',
  'content:manage': 'editor',
  'pins:manage': 'editor',
  'sql:custom': 'developer',
  'project:compile': 'developer',
  'content:as-code': 'developer',
  'content:promote': 'developer',
  'project:update': 'developer',
  'project:manage': 'admin',
} as const satisfies Record<string, ProjectRole>;

export type ProjectAction = keyof typeof PROJECT_ACTIONS;
