import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';

export class GroupMemberRefDto {
  @IsUUID()
  userUuid!: string;
}

export class CreateGroupDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  /** Users of the organization to add at once. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => GroupMemberRefDto)
  members?: GroupMemberRefDto[];
}

/** UpdateGroupWithMembers of the reference: a new name, the complete member list, or both. */
export class UpdateGroupDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Every member of the group after the update (users not listed leave it). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => GroupMemberRefDto)
  members?: GroupMemberRefDto[];
}

export class GroupMemberDto {
  userUuid!: string;
  email!: string;
  firstName!: string;
  lastName!: string;
}

export class GroupDto {
  uuid!: string;
  name!: string;
  organizationUuid!: string;
  /** ISO-8601 timestamp. */
  createdAt!: string;
  memberUuids!: string[];
  members!: GroupMemberDto[];
}
