import { Global, Module } from '@nestjs/common';

import { ApiKeyGuard } from './api-key.guard';
import { OrganizationUsersService } from './organization-users.service';
import { OrganizationsService } from './organizations.service';
import { PersonalAccessTokensService } from './personal-access-tokens.service';
import { PolicyService } from './policy.service';

const SERVICES = [PolicyService, PersonalAccessTokensService, OrganizationUsersService, OrganizationsService, ApiKeyGuard];

/** Identity and authorization; needs DatabaseModule. The API registers ApiKeyGuard globally. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class AuthModule {}
