import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Principal, QuarryError } from '@quarry/domain';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';
import { ColorPalettesService } from '@quarry/server/content';

import { ColorPaletteDto, CreateColorPaletteDto, toColorPaletteDto, UpdateColorPaletteDto } from './color-palettes.dto';

@ApiTags('Organization')
@Controller('api/v1/org/color-palettes')
export class ColorPalettesController {
  constructor(private readonly palettes: ColorPalettesService) {}

  @Get()
  @Endpoint({ summary: 'Colour palettes of my organization (E13); exactly one is active', response: [ColorPaletteDto] })
  async list(@CurrentUser() principal: Principal): Promise<ColorPaletteDto[]> {
    return (await this.palettes.list(principal)).map(toColorPaletteDto);
  }

  @Post()
  @Endpoint({
    summary: 'Create a colour palette of 20 colours (admin); it starts inactive; 201 as the reference',
    response: ColorPaletteDto,
    status: 201,
    errors: [403, 409],
  })
  async create(@CurrentUser() principal: Principal, @Body() body: CreateColorPaletteDto): Promise<ColorPaletteDto> {
    return toColorPaletteDto(await this.palettes.create(principal, body));
  }

  @Patch(':colorPaletteUuid')
  @Endpoint({ summary: 'Rename a colour palette or change its colours (admin)', response: ColorPaletteDto, errors: [403, 404, 409] })
  async update(
    @CurrentUser() principal: Principal,
    @Param('colorPaletteUuid', new UuidParam('colorPaletteUuid')) colorPaletteUuid: string,
    @Body() body: UpdateColorPaletteDto,
  ): Promise<ColorPaletteDto> {
    const { uuid, ...changes } = body;
    if (uuid !== undefined && uuid.toLowerCase() !== colorPaletteUuid) {
      throw new QuarryError('ValidationError', 'Invalid request: uuid must match the colorPaletteUuid in the path', {
        uuid: ['uuid must match the colorPaletteUuid in the path'],
      });
    }
    return toColorPaletteDto(await this.palettes.update(principal, colorPaletteUuid, changes));
  }

  @Delete(':colorPaletteUuid')
  @Endpoint({ summary: 'Delete a colour palette (admin); the active one cannot be deleted (409)', errors: [403, 404, 409] })
  async delete(
    @CurrentUser() principal: Principal,
    @Param('colorPaletteUuid', new UuidParam('colorPaletteUuid')) colorPaletteUuid: string,
  ): Promise<null> {
    await this.palettes.delete(principal, colorPaletteUuid);
    return null;
  }

  @Post(':colorPaletteUuid/active')
  @Endpoint({
    summary: "Make a colour palette the organization's active one (admin); the previous one becomes inactive",
    response: ColorPaletteDto,
    errors: [403, 404],
  })
  async setActive(
    @CurrentUser() principal: Principal,
    @Param('colorPaletteUuid', new UuidParam('colorPaletteUuid')) colorPaletteUuid: string,
  ): Promise<ColorPaletteDto> {
    return toColorPaletteDto(await this.palettes.setActive(principal, colorPaletteUuid));
  }
}
