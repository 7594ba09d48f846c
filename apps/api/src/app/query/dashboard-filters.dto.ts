import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FILTER_OPERATORS, type FilterOperator } from '@quarry/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export class DashboardFilterTargetDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  fieldId!: string;

  @IsOptional() @IsString() @MaxLength(1024)
  tableName?: string;

  @IsOptional() @IsBoolean()
  isSqlColumn?: boolean;

  @IsOptional() @IsString() @MaxLength(64)
  fallbackType?: string;
}

/** A dashboard filter rule (Lightdash's DashboardFilterRule): a rule on a field with dashboard-only extras. */
export class DashboardFilterRuleDto {
  @IsOptional() @IsString() @MaxLength(255)
  id?: string;

  @IsObject() @ValidateNested() @Type(() => DashboardFilterTargetDto)
  target!: DashboardFilterTargetDto;

  @ApiProperty({ enum: FILTER_OPERATORS })
  @IsIn(FILTER_OPERATORS)
  operator!: FilterOperator;

  @ApiPropertyOptional({ type: 'array', items: {} })
  @IsOptional() @IsArray() @ArrayMaxSize(1000)
  values?: unknown[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  settings?: Record<string, unknown>;

  @IsOptional() @IsBoolean()
  disabled?: boolean;

  @IsOptional() @IsBoolean()
  required?: boolean;

  @IsOptional() @IsBoolean()
  singleValue?: boolean;

  @IsOptional() @IsString() @MaxLength(1024)
  label?: string;

  /** Which dashboard tiles the rule applies to (ignored for a single query) */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  tileTargets?: Record<string, unknown>;
}

/** `{ dimensions, metrics, tableCalculations }`: lists of dashboard filter rules, all ANDed. */
export class DashboardFiltersDto {
  @IsOptional() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => DashboardFilterRuleDto)
  dimensions?: DashboardFilterRuleDto[];

  @IsOptional() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => DashboardFilterRuleDto)
  metrics?: DashboardFilterRuleDto[];

  @IsOptional() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => DashboardFilterRuleDto)
  tableCalculations?: DashboardFilterRuleDto[];
}
