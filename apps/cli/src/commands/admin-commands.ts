import { parseArgs } from 'node:util';

import { isOrganizationRole, ParameterError } from '@quarry/domain';
import { OrganizationsService, OrganizationUsersService, PersonalAccessTokensService } from '@quarry/server/auth';
import type { AppConfigValues } from '@quarry/server/config';
import { DataSource } from 'typeorm';

import { withServices } from './with-services';

export const ADMIN_USAGE = `Admin commands (npm run quarry -- <command> [options]):
  create-org   --name <name> --admin-email <email> [--first-name F] [--last-name L]
               creates an organization and its admin, and prints a token for them
  create-user  --org <organizationUuid> --email <email> --role <role> [--first-name F] [--last-name L]
  create-token --email <email> [--org <organizationUuid>] [--description D] [--expires-in-days N]
               prints a new personal access token for the user (--org when organizations share the email)`;

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new ParameterError(`--${name} is required`);
  return value;
}

export async function runAdminCommand(command: string, args: string[], config: AppConfigValues): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      org: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      description: { type: 'string' },
      'expires-in-days': { type: 'string' },
    },
    strict: true,
  });
  const names = { firstName: values['first-name'] ?? '', lastName: values['last-name'] ?? '' };

  await withServices(config, async (app) => {
    switch (command) {
      case 'create-org': {
        const seeded = await app
          .get(OrganizationsService)
          .createWithAdmin(required(values, 'name'), { email: required(values, 'admin-email'), ...names }, 'Created by create-org');
        print({ organizationUuid: seeded.organization.organizationUuid, adminUserUuid: seeded.adminUserUuid, token: seeded.token.token });
        return;
      }
      case 'create-user': {
        const role = required(values, 'role');
        if (!isOrganizationRole(role))
          throw new ParameterError(`--role must be one of member, viewer, interactive_viewer, editor, developer, admin`);
        const member = await app
          .get(OrganizationUsersService)
          .createInOrganization(required(values, 'org'), { email: required(values, 'email'), role, ...names });
        print({ userUuid: member.userUuid, email: member.email, role: member.role });
        return;
      }
      case 'create-token': {
        const userUuid = await findUserUuid(app.get(DataSource), required(values, 'email'), values.org);
        const days = values['expires-in-days'] ? Number(values['expires-in-days']) : undefined;
        if (days !== undefined && !(Number.isInteger(days) && days > 0))
          throw new ParameterError('--expires-in-days must be a positive integer');
        const issued = await app.get(PersonalAccessTokensService).issue(userUuid, {
          description: values.description ?? 'Created by create-token',
          expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
        });
        print({ tokenUuid: issued.entity.tokenUuid, expiresAt: issued.entity.expiresAt, token: issued.token });
        return;
      }
      default:
        throw new ParameterError(`Unknown command "${command}"\n${ADMIN_USAGE}`);
    }
  });
}

/** The user with this email (in this organization, when given): emails are unique per organization only. */
async function findUserUuid(dataSource: DataSource, email: string, organizationUuid: string | undefined): Promise<string> {
  const rows: Array<{ user_uuid: string }> = await dataSource.query(
    `SELECT u.user_uuid FROM users u JOIN organization_memberships m USING (user_uuid)
      WHERE lower(u.email) = lower($1) AND ($2::text IS NULL OR m.organization_uuid::text = $2)`,
    [email, organizationUuid ?? null],
  );
  if (!rows[0]) throw new ParameterError(`No user with email ${email}${organizationUuid ? ` in organization ${organizationUuid}` : ''}`);
  if (rows.length > 1)
    throw new ParameterError(`${rows.length} organizations have a user with email ${email}: pass --org <organizationUuid>`);
  return rows[0].user_uuid;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
