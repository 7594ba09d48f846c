import { Global, Module } from '@nestjs/common';

import { ApiKeyGuard } from './api-key.guard';
import { AccessChanges } from './caching/access-changes';
import { OrganizationUsersService } from './organization-users.service';
import { OrganizationsService } from './organizations.service';
import { PersonalAccessTokensService } from './personal-access-tokens.service';
import { PolicyService } from './policy.service';

const SERVICES = [AccessChanges, PolicyService, PersonalAccessTokensService, OrganizationUsersService, OrganizationsService, ApiKeyGuard];

/** Identity and authorization; needs DatabaseModule and Redis (access changes). The API registers ApiKeyGuard globally. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class AuthModule {}
