import type { OrganizationRole } from '@quarry/domain';

import { call } from './api-client';
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
