import { ColorPaletteEntity } from './color-palette.entity';
import { JobEntity } from './job.entity';
import { OrganizationEntity } from './organization.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { PersonalAccessTokenEntity } from './personal-access-token.entity';
import { ProjectEntity } from './project.entity';
import { ProjectExploreEntity } from './project-explore.entity';
import { ProjectMembershipEntity } from './project-membership.entity';
import { QueryHistoryEntity } from './query-history.entity';
import { UserEntity } from './user.entity';

export type { CompileStatus, ProjectType } from './project.entity';
export type { QueryHistoryStatus } from './query-history.entity';
export {
  ColorPaletteEntity,
  JobEntity,
  OrganizationEntity,
  OrganizationMembershipEntity,
  PersonalAccessTokenEntity,
  ProjectEntity,
  ProjectExploreEntity,
  ProjectMembershipEntity,
  QueryHistoryEntity,
  UserEntity,
};

export const ENTITIES = [
  OrganizationEntity,
  UserEntity,
  OrganizationMembershipEntity,
  PersonalAccessTokenEntity,
  JobEntity,
  ProjectEntity,
  ProjectMembershipEntity,
  ProjectExploreEntity,
  QueryHistoryEntity,
  ColorPaletteEntity,
];
