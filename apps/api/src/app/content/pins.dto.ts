import { ApiProperty } from '@nestjs/swagger';
import { AcceptsUnknownProperties } from '@quarry/server/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsUUID, Max, Min, ValidateNested } from 'class-validator';

import { UpdatedByUserDto } from './charts.dto';

const PINNED_TYPES = ['chart', 'dashboard', 'space'] as const;

export class PinnedOrderDataDto {
  @IsUUID()
  uuid!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  pinnedListOrder!: number;
}

/** One entry of E16's body: an item of the list and its new position (clients may send the whole pinned item). */
@AcceptsUnknownProperties()
export class PinnedOrderDto {
  @ApiProperty({ enum: PINNED_TYPES })
  @IsIn(PINNED_TYPES)
  type!: (typeof PINNED_TYPES)[number];

  @ValidateNested()
  @Type(() => PinnedOrderDataDto)
  data!: PinnedOrderDataDto;
}

export class PinnedValidationErrorDto {
  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  error!: string;

  @ApiProperty({ type: 'integer' })
  validationId!: number;
}

/**
 * The summary every pinned item carries. Charts add the ChartSummary fields, dashboards the
 * DashboardSummary ones, spaces those of a child space (`chartCount`, `access`, …).
 */
export class PinnedItemDataDto {
  uuid!: string;
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  updatedAt!: string | null;

  /** The item's space (for a space: the space itself) */
  spaceUuid!: string;

  pinnedListUuid!: string;

  @ApiProperty({ type: 'integer' })
  pinnedListOrder!: number;

  /** Who last changed the item (for a space: who created it) */
  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  updatedByUser!: UpdatedByUserDto | null;

  /** Times opened (for a space: the views of its charts and dashboards) */
  @ApiProperty({ type: 'integer' })
  views!: number;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  firstViewedAt!: string | null;

  @ApiProperty({ type: [PinnedValidationErrorDto] })
  validationErrors!: PinnedValidationErrorDto[];
}

/** A pinned item: `data` is the item's summary (for a space: its summary as in `childSpaces`) plus its pin. */
export class PinnedItemDto {
  @ApiProperty({ enum: PINNED_TYPES })
  type!: (typeof PINNED_TYPES)[number];

  @ApiProperty({ enum: ['pinned', 'mostPopular', 'recentlyUpdated'] })
  category!: 'pinned';

  @ApiProperty({ type: PinnedItemDataDto, description: 'The item summary; further fields depend on the type (see PinnedItemDataDto)' })
  data!: PinnedItemDataDto & Record<string, unknown>;
}

export class PinningDto {
  projectUuid!: string;
  pinnedListUuid!: string;
  /** True when the item is pinned after this call. */
  isPinned!: boolean;
  spaceUuid?: string;
}

export class PinnedListDto {
  projectUuid!: string;
  pinnedListUuid!: string;
}
