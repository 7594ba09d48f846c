import type { OrganizationRole } from '@quarry/domain';

import { call } from './api-client';
import { JAFFLE_WAREHOUSES } from './jaffle-projects';
import { startApp } from './processes';
import { sharedQuarry } from './shared-quarry';

let counter = 0;

/** A new user of the shared organization with the given role, and a token for them (via the admin CLI). */
export async function userWithToken(role: OrganizationRole): Promise<{ userUuid: string; email: string; token: string }> {
  const { baseUrl, adminToken, env } = sharedQuarry();
  counter += 1;
  const email = `${role}-${process.pid}-${counter}-${Date.now()}@e2e.test`;
  const created = await call(baseUrl, 'POST', '/api/v1/org/users', { token: adminToken, body: { email, role } });
  if (created.status !== 200) throw new Error(`could not create user: ${JSON.stringify(created.body)}`);
  const cli = startApp('cli', env, ['create-token', '--email', email]);
  if ((await cli.exited) !== 0) throw new Error(`create-token failed:\n${cli.output()}`);
  const output = cli.output();
  const { token } = JSON.parse(output.slice(output.indexOf('{'))) as { token: string };
  return { userUuid: created.body.results.userUuid, email, token };
}

export type ProjectMemberRole = 'viewer' | 'interactive_viewer' | 'editor' | 'developer' | 'admin';
export const PROJECT_MEMBER_ROLES: ProjectMemberRole[] = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];
export type Member = Awaited<ReturnType<typeof userWithToken>>;

/**
 * A project without a transform (content needs none) with one organization member per project
 * role, granted on the project, and a member with no role in it: what the role-matrix tests ask.
 */
export async function projectWithMembers(
  name: string,
): Promise<{ projectUuid: string; pinnedListUuid: string; byRole: Record<ProjectMemberRole, Member>; outsider: Member }> {
  const { baseUrl, adminToken } = sharedQuarry();
  const project = await call(baseUrl, 'POST', '/api/v1/org/projects', {
    token: adminToken,
    body: {
      name,
      type: 'DEFAULT',
      transformVersion: 'v1.7',
      warehouseConnection: JAFFLE_WAREHOUSES.duckdb,
      transformConnection: { type: 'none' },
    },
  });
  if (project.status !== 200) throw new Error(`could not create the project: ${JSON.stringify(project.body)}`);
  const { projectUuid, pinnedListUuid } = project.body.results.project as { projectUuid: string; pinnedListUuid: string };
  const byRole = {} as Record<ProjectMemberRole, Member>;
  for (const role of PROJECT_MEMBER_ROLES) {
    const user = await userWithToken('member');
    const granted = await call(baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
      token: adminToken,
      body: { userUuid: user.userUuid, role },
    });
    if (granted.status !== 200) throw new Error(`could not grant ${role}: ${JSON.stringify(granted.body)}`);
    byRole[role] = user;
  }
  return { projectUuid, pinnedListUuid, byRole, outsider: await userWithToken('member') };
}
