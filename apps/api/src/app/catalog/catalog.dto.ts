import { ApiProperty } from '@nestjs/swagger';
import { METRICS_CATALOG_SORTS } from '@quarry/server/catalog';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/** `?x=a&x=b` arrives as an array, `?x=a` as a string: both become a list. */
const asList = ({ value }: { value: unknown }): unknown => (value === undefined || Array.isArray(value) ? value : [value]);

export class MetricsCatalogParamsDto {
  /** Text matched against names, labels and descriptions; results come best match first */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  /** 1-based page; with no `pageSize`, one page holds every result */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  pageSize?: number;

  /** Default: `searchRank` when searching, else `name` */
  @ApiProperty({ enum: METRICS_CATALOG_SORTS, required: false })
  @IsOptional()
  @IsIn(METRICS_CATALOG_SORTS)
  sort?: (typeof METRICS_CATALOG_SORTS)[number];

  /** Default: `desc` for `searchRank` and `chartUsage`, else `asc` */
  @ApiProperty({ enum: ['asc', 'desc'], required: false })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  /** Spotlight category tag uuids: metrics in any of them */
  @ApiProperty({ type: [String], required: false })
  @IsOptional()
  @Transform(asList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  categories?: string[];

  /** `any` (default): metrics in any of `categories`; `all`: in every one of them */
  @ApiProperty({ enum: ['any', 'all'], required: false })
  @IsOptional()
  @IsIn(['any', 'all'])
  categoriesFilterMode?: 'any' | 'all';

  /** Owners (user uuids): metrics owned by any of them. Quarry records no metric owners, so a non-empty list matches no metric */
  @ApiProperty({ type: [String], required: false })
  @IsOptional()
  @Transform(asList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  ownerUserUuids?: string[];

  /** Table names */
  @ApiProperty({ type: [String], required: false })
  @IsOptional()
  @Transform(asList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tables?: string[];
}

export class CatalogCategoryDto {
  tagUuid!: string;
  name!: string;
  color!: string;
  yamlReference!: string;
}

export class CatalogIconDto {
  unicode!: string;
}

export class CatalogEntryDto {
  catalogSearchUuid!: string;

  @ApiProperty({ enum: ['table', 'field'] })
  type!: string;

  name!: string;
  label!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ enum: ['dimension', 'metric'], nullable: true })
  fieldType!: string | null;

  tableName!: string;
  tableLabel!: string;

  @ApiProperty({ type: String, nullable: true })
  tableGroupLabel!: string | null;

  @ApiProperty({ enum: ['string', 'number', 'date', 'timestamp', 'boolean'], nullable: true })
  basicType!: string | null;

  /** The metric's or dimension's type, e.g. `sum`, `count_distinct`, `date` */
  @ApiProperty({ type: String, nullable: true })
  fieldValueType!: string | null;

  /** Attribute → accepted value(s) a user needs to see this item */
  @ApiProperty({ type: 'object', additionalProperties: true })
  requiredAttributes!: Record<string, string | string[]>;

  /** How well the item matched `search` (0 without a search); higher is better */
  searchRank!: number;

  @ApiProperty({ type: [String], nullable: true })
  aiHints!: string[] | null;

  @ApiProperty({ type: CatalogIconDto, nullable: true })
  icon!: CatalogIconDto | null;

  /** Saved charts using the field */
  chartUsage!: number;

  categories!: CatalogCategoryDto[];
  tags!: string[];
}

export class PaginationDto {
  page!: number;
  pageSize!: number;
  totalResults!: number;
  totalPageCount!: number;
}

export class MetricsCatalogDto {
  data!: CatalogEntryDto[];
  pagination!: PaginationDto;
}

export class TableCatalogMetadataDto {
  name!: string;
  label!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  tableLabel!: string;

  /** The base model's name */
  @ApiProperty({ type: String, nullable: true })
  modelName!: string | null;

  /** The file the model is declared in */
  @ApiProperty({ type: String, nullable: true })
  source!: string | null;

  /** Always null: the metadata describes a table, not a field */
  @ApiProperty({ type: String, nullable: true })
  fieldType!: null;

  joinedTables!: string[];
  fields!: CatalogEntryDto[];
}
