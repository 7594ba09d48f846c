import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

import { FilterRuleFieldsDto } from './filter-rule.dto';

export class DashboardFilterTargetDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  fieldId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  tableName?: string;

  @IsOptional()
  @IsBoolean()
  isSqlColumn?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  fallbackType?: string;
}

/** A dashboard filter rule (Lightdash's DashboardFilterRule): a rule on a field with dashboard-only extras. */
export class DashboardFilterRuleDto extends FilterRuleFieldsDto {
  @IsObject()
  @ValidateNested()
  @Type(() => DashboardFilterTargetDto)
  target!: DashboardFilterTargetDto;

  @IsOptional()
  @IsBoolean()
  singleValue?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  label?: string;

  /** Which dashboard tiles the rule applies to (ignored for a single query) */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  tileTargets?: Record<string, unknown>;
}

/** `{ dimensions, metrics, tableCalculations }`: lists of dashboard filter rules, all ANDed. */
export class DashboardFiltersDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => DashboardFilterRuleDto)
  dimensions?: DashboardFilterRuleDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => DashboardFilterRuleDto)
  metrics?: DashboardFilterRuleDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => DashboardFilterRuleDto)
  tableCalculations?: DashboardFilterRuleDto[];
}
