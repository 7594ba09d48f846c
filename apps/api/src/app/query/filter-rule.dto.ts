import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FILTER_OPERATORS, type FilterOperator, type FilterRuleSettings, MAX_FILTER_VALUES_PER_RULE } from '@quarry/domain';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** What every filter rule carries besides its target (custom metric and dashboard filter rules). */
export abstract class FilterRuleFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  id?: string;

  @ApiProperty({ enum: FILTER_OPERATORS })
  @IsIn(FILTER_OPERATORS)
  operator!: FilterOperator;

  @ApiPropertyOptional({ type: 'array', items: {} })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_VALUES_PER_RULE)
  values?: unknown[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  settings?: FilterRuleSettings;

  @IsOptional()
  @IsBoolean()
  disabled?: boolean;

  @IsOptional()
  @IsBoolean()
  required?: boolean;
}
