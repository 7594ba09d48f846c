import { ApiProperty } from '@nestjs/swagger';
import { PROJECT_ROLES, type ProjectRole } from '@quarry/domain';
import { IsIn, IsUUID } from 'class-validator';

export class ProjectMemberDto {
  userUuid!: string;
  email!: string;
  firstName!: string;
  lastName!: string;

  @ApiProperty({ enum: PROJECT_ROLES })
  role!: ProjectRole;
}

export class GrantProjectAccessDto {
  @IsUUID()
  userUuid!: string;

  @ApiProperty({ enum: PROJECT_ROLES })
  @IsIn(PROJECT_ROLES)
  role!: ProjectRole;
}

export class UpdateProjectAccessDto {
  @ApiProperty({ enum: PROJECT_ROLES })
  @IsIn(PROJECT_ROLES)
  role!: ProjectRole;
}

export class ProjectGroupAccessDto {
  groupUuid!: string;
  groupName!: string;

  @ApiProperty({ enum: PROJECT_ROLES })
  role!: ProjectRole;
}
