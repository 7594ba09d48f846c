import { ApiProperty } from '@nestjs/swagger';
import { IsAbsentOrValid } from '@quarry/server/common';
import type { ColorPaletteEntity } from '@quarry/server/database';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

// Each colour is checked by the service (so a 400 names `colors[i]`): exactly 20 of `#RRGGBB` or `#RGB`.

export class CreateColorPaletteDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  /** Exactly 20 colours, `#RRGGBB` or `#RGB` (stored as lowercase `#rrggbb`). */
  @IsArray()
  @ArrayMaxSize(100)
  colors!: string[];

  /** Optional colours for dark mode: 20, like `colors`, or null. */
  @ApiProperty({ type: [String], nullable: true, required: false })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  darkColors?: string[] | null;
}

export class UpdateColorPaletteDto {
  /** Accepted for compatibility with clients that send it; must equal the path's palette uuid. */
  @IsAbsentOrValid()
  @IsUUID()
  uuid?: string;

  @IsAbsentOrValid()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Exactly 20 colours, `#RRGGBB` or `#RGB`. */
  @IsAbsentOrValid()
  @IsArray()
  @ArrayMaxSize(100)
  colors?: string[];

  /** 20 colours for dark mode, or null to remove them. */
  @ApiProperty({ type: [String], nullable: true, required: false })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  darkColors?: string[] | null;
}

export class ColorPaletteDto {
  colorPaletteUuid!: string;
  organizationUuid!: string;
  name!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  colors!: string[];

  /** Colours for dark mode, or null when the palette has none. */
  @ApiProperty({ type: [String], nullable: true })
  darkColors!: string[] | null;

  isActive!: boolean;
}

export function toColorPaletteDto(palette: ColorPaletteEntity): ColorPaletteDto {
  return {
    colorPaletteUuid: palette.colorPaletteUuid,
    organizationUuid: palette.organizationUuid,
    name: palette.name,
    createdAt: palette.createdAt.toISOString(),
    colors: palette.colors,
    darkColors: palette.darkColors,
    isActive: palette.isActive,
  };
}
