import { Module } from '@nestjs/common';

import { ColorPalettesService } from './color-palettes/color-palettes.service';
import { SpaceAccessService } from './spaces/space-access.service';

/**
 * Organization and project content. Needs DatabaseModule and AuthModule (both global).
 * Add further content services (spaces, charts, …) to SERVICES.
 */
const SERVICES = [ColorPalettesService, SpaceAccessService];

@Module({ providers: SERVICES, exports: SERVICES })
export class ContentModule {}
