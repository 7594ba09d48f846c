import { Module } from '@nestjs/common';

import { ColorPalettesService } from './color-palettes/color-palettes.service';

/**
 * Organization and project content. Needs DatabaseModule and AuthModule (both global).
 * Add further content services (spaces, charts, …) to SERVICES.
 */
const SERVICES = [ColorPalettesService];

@Module({ providers: SERVICES, exports: SERVICES })
export class ContentModule {}
