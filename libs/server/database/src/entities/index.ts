import { JobEntity } from './job.entity';
import { OrganizationEntity } from './organization.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { PersonalAccessTokenEntity } from './personal-access-token.entity';
import { UserEntity } from './user.entity';

export { JobEntity, OrganizationEntity, OrganizationMembershipEntity, PersonalAccessTokenEntity, UserEntity };

export const ENTITIES = [
  OrganizationEntity,
  UserEntity,
  OrganizationMembershipEntity,
  PersonalAccessTokenEntity,
  JobEntity,
];
