import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES, PROJECT_ROLES, type ProjectRole, SPACE_ROLES, type SpaceAccessSource, type SpaceRole } from '@quarry/domain';
import { IsAbsentOrValid } from '@quarry/server/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';

import { ChartSummaryDto } from './charts.dto';
import { DashboardSummaryDto } from './dashboards.dto';

const ACCESS_SOURCES: SpaceAccessSource[] = ['organization', 'project', 'group', 'space_group', 'parent_space'];

export class SpaceUserShareRequestDto {
  @IsUUID()
  userUuid!: string;

  @ApiProperty({ enum: SPACE_ROLES })
  @IsIn(SPACE_ROLES)
  role!: SpaceRole;
}

export class CreateSpaceDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  /** Private spaces are seen only by admins and the users and groups they are shared with. Default: true (as the reference), except for a nested space that inherits its parent's permissions, which follows the parent. */
  @IsOptional()
  @IsBoolean()
  isPrivate?: boolean;

  /** Users to share the new space with (the creator is always its admin). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => SpaceUserShareRequestDto)
  access?: SpaceUserShareRequestDto[];

  /** Create the space inside this one (which the caller must be able to edit). */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  parentSpaceUuid?: string | null;

  /** A nested space takes its parent's permissions (default true); not allowed on a root space. */
  @IsOptional()
  @IsBoolean()
  inheritParentPermissions?: boolean;
}

export class UpdateSpaceDto {
  @IsAbsentOrValid()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string;

  @IsAbsentOrValid()
  @IsBoolean()
  isPrivate?: boolean;

  /** Turning it off copies the inherited shares onto the space, so nobody loses access. */
  @IsAbsentOrValid()
  @IsBoolean()
  inheritParentPermissions?: boolean;

  /** Lightdash: one role for every project member on the space. Quarry shares spaces per user and group instead: null (no change) is accepted, a role is a 400 */
  @ApiProperty({ enum: SPACE_ROLES, nullable: true, required: false })
  @IsOptional()
  @IsIn(SPACE_ROLES)
  projectMemberAccessRole?: SpaceRole | null;

  /** Lightdash: a colour palette for the space's charts. Quarry has organization palettes only: null (no change) is accepted, a uuid is a 400 */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  colorPaletteUuid?: string | null;
}

export class ShareSpaceWithUserDto {
  @IsUUID()
  userUuid!: string;

  @ApiProperty({ enum: SPACE_ROLES })
  @IsIn(SPACE_ROLES)
  spaceRole!: SpaceRole;
}

export class ShareSpaceWithGroupDto {
  @IsUUID()
  groupUuid!: string;

  @ApiProperty({ enum: SPACE_ROLES })
  @IsIn(SPACE_ROLES)
  spaceRole!: SpaceRole;
}

export class UserAccessDto {
  userUuid!: string;
  firstName!: string;
  lastName!: string;
  email!: string;

  @ApiProperty({ enum: SPACE_ROLES })
  role!: SpaceRole;

  /** True when the space itself is shared with the user. */
  hasDirectAccess!: boolean;

  @ApiProperty({ enum: PROJECT_ROLES, nullable: true })
  projectRole!: ProjectRole | null;

  /** The role held at the source of inherited access (organization or project role, or the space role of a group or parent share). */
  @ApiProperty({ enum: [...new Set<string>([...ORGANIZATION_ROLES, ...SPACE_ROLES])], nullable: true })
  inheritedRole!: string | null;

  /** Where the access comes from; null for a direct share of the space. */
  @ApiProperty({ enum: ACCESS_SOURCES, nullable: true })
  inheritedFrom!: SpaceAccessSource | null;
}

export class GroupAccessDto {
  groupUuid!: string;
  groupName!: string;

  @ApiProperty({ enum: SPACE_ROLES })
  spaceRole!: SpaceRole;
}

export class BreadcrumbDto {
  uuid!: string;
  name!: string;
  /** Whether the caller may open this space. */
  hasAccess!: boolean;
}

export class ChildSpaceDto {
  organizationUuid!: string;
  projectUuid!: string;
  uuid!: string;
  name!: string;
  slug!: string;
  /** Dot-separated path segments from the root space down. */
  path!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parentSpaceUuid!: string | null;

  isPrivate!: boolean;
  inheritParentPermissions!: boolean;

  /** Users with a direct share of the space. */
  access!: string[];

  @ApiProperty({ type: 'string', nullable: true })
  pinnedListUuid!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  pinnedListOrder!: number | null;

  @ApiProperty({ type: 'integer' })
  chartCount!: number;

  @ApiProperty({ type: 'integer' })
  dashboardCount!: number;
}

export class SpaceSummaryDto extends ChildSpaceDto {
  /** The caller's own access. */
  userAccess!: UserAccessDto;
}

export class SpaceDto {
  organizationUuid!: string;
  projectUuid!: string;
  uuid!: string;
  name!: string;
  slug!: string;
  path!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parentSpaceUuid!: string | null;

  /** True when the space, or a space it inherits permissions from, is private. */
  isPrivate!: boolean;
  inheritParentPermissions!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  pinnedListUuid!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  pinnedListOrder!: number | null;

  /** Saved charts in the space. */
  /** The space's saved charts (those saved inside a dashboard belong to the dashboard) */
  @ApiProperty({ type: [ChartSummaryDto] })
  queries!: Array<Record<string, unknown>>;

  @ApiProperty({ type: [DashboardSummaryDto] })
  dashboards!: Array<Record<string, unknown>>;

  /** Sub-spaces the caller may see. */
  childSpaces!: ChildSpaceDto[];

  /** Everyone who may see the space, with their role and where it comes from. */
  access!: UserAccessDto[];

  groupsAccess!: GroupAccessDto[];

  /** From the root space down to this one. */
  breadcrumbs!: BreadcrumbDto[];
}
