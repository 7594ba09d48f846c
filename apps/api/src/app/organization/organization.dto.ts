import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES, type OrganizationRole } from '@quarry/domain';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class OrganizationDto {
  organizationUuid!: string;
  name!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;
}

export class CreateUserDto {
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  firstName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  lastName?: string;

  @ApiProperty({ enum: ORGANIZATION_ROLES })
  @IsIn(ORGANIZATION_ROLES)
  role!: OrganizationRole;
}

export class UpdateUserRoleDto {
  @ApiProperty({ enum: ORGANIZATION_ROLES })
  @IsIn(ORGANIZATION_ROLES)
  role!: OrganizationRole;
}
