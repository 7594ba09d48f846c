import { ColorPaletteEntity } from './color-palette.entity';
import { DashboardEntity, DashboardVersionEntity } from './dashboard.entity';
import { GroupEntity, GroupMemberEntity } from './group.entity';
import { JobEntity } from './job.entity';
import { OrganizationEntity } from './organization.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { PersonalAccessTokenEntity } from './personal-access-token.entity';
import { PinnedItemEntity, PinnedListEntity } from './pinned-item.entity';
import { PreAggregateBuildEntity, PreAggregateEntity } from './pre-aggregate.entity';
import { ProjectEntity } from './project.entity';
import { ProjectExploreEntity } from './project-explore.entity';
import { ProjectMembershipEntity } from './project-membership.entity';
import { QueryHistoryEntity } from './query-history.entity';
import { SavedChartEntity, SavedChartVersionEntity } from './saved-chart.entity';
import { SavedSqlChartEntity } from './saved-sql-chart.entity';
import { SpaceEntity } from './space.entity';
import { SpaceGroupAccessEntity, SpaceUserAccessEntity } from './space-access.entity';
import { UserEntity } from './user.entity';

export type { PinnedItemType } from './pinned-item.entity';
export type { PreAggregateBuildStatus } from './pre-aggregate.entity';
export type { CompileStatus, ProjectType } from './project.entity';
export type { QueryHistoryStatus } from './query-history.entity';
export {
  ColorPaletteEntity,
  DashboardEntity,
  DashboardVersionEntity,
  GroupEntity,
  GroupMemberEntity,
  JobEntity,
  OrganizationEntity,
  OrganizationMembershipEntity,
  PersonalAccessTokenEntity,
  PinnedItemEntity,
  PinnedListEntity,
  PreAggregateBuildEntity,
  PreAggregateEntity,
  ProjectEntity,
  ProjectExploreEntity,
  ProjectMembershipEntity,
  QueryHistoryEntity,
  SavedChartEntity,
  SavedChartVersionEntity,
  SavedSqlChartEntity,
  SpaceEntity,
  SpaceGroupAccessEntity,
  SpaceUserAccessEntity,
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
  GroupEntity,
  GroupMemberEntity,
  SpaceEntity,
  SpaceUserAccessEntity,
  SpaceGroupAccessEntity,
  PinnedListEntity,
  PinnedItemEntity,
  SavedChartEntity,
  SavedChartVersionEntity,
  DashboardEntity,
  DashboardVersionEntity,
  SavedSqlChartEntity,
  PreAggregateEntity,
  PreAggregateBuildEntity,
];
