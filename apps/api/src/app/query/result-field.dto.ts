import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * A field of a query result, by id in `fields`: a dimension or metric of the explore (with its
 * definition), a custom dimension or metric, or a table calculation (`displayName`, `sql`).
 */
export class ResultFieldDto {
  @ApiProperty({ enum: ['dimension', 'metric'], required: false, description: 'Absent on table calculations' })
  fieldType?: 'dimension' | 'metric';

  /** Value type: e.g. `string`, `number`, `date`, `timestamp`, `boolean`, or the metric's type (`sum`, `count_distinct`, …) */
  @ApiProperty({ required: false })
  type?: string;

  name!: string;

  @ApiProperty({ required: false })
  label?: string;

  /** The table (explore model) the field belongs to */
  @ApiProperty({ required: false })
  table?: string;

  @ApiProperty({ required: false })
  tableLabel?: string;

  @ApiProperty({ required: false })
  description?: string;

  /** SQL of the field (table calculations: their expression) */
  @ApiProperty({ required: false })
  sql?: string;

  @ApiProperty({ required: false })
  hidden?: boolean;

  /** Table calculations: their name as shown */
  @ApiProperty({ required: false })
  displayName?: string;

  /** Time dimensions: the interval (`DAY`, `MONTH`, …) and the dimension they derive from */
  @ApiProperty({ required: false })
  timeInterval?: string;

  @ApiProperty({ required: false })
  timeIntervalBaseDimensionName?: string;

  @ApiProperty({ required: false })
  round?: number;

  @ApiProperty({ required: false })
  compact?: string;

  @ApiProperty({ required: false })
  format?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  formatOptions?: Record<string, unknown>;
}
