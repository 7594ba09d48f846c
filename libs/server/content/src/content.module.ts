import { Module } from '@nestjs/common';
import { ProjectsModule } from '@quarry/server/projects';

import { ChartsAsCodeService } from './as-code/charts-as-code.service';
import { DashboardsAsCodeService } from './as-code/dashboards-as-code.service';
import { SpacePaths } from './as-code/space-paths';
import { ChartPinSource } from './charts/chart-pin-source';
import { ChartsService } from './charts/charts.service';
import { ColorPalettesService } from './color-palettes/color-palettes.service';
import { DashboardPinSource } from './dashboards/dashboard-pin-source';
import { DashboardsService } from './dashboards/dashboards.service';
import { GroupsService } from './groups/groups.service';
import { PINNED_ITEM_SOURCES, type PinnedItemSource } from './pins/pinned-item-sources';
import { PinsService } from './pins/pins.service';
import { PromotionService } from './promotion/promotion.service';
import { SavedContentCopier } from './spaces/saved-content-copier';
import { SpaceAccessService } from './spaces/space-access.service';
import { SPACE_CONTENTS } from './spaces/space-contents';
import { SpacePinSource } from './spaces/space-pin-source';
import { SpacesService } from './spaces/spaces.service';
import { SpacesContentCopier } from './spaces/spaces-content-copier';
import { StoredSpaceContents } from './spaces/stored-space-contents';
import { SqlChartsService } from './sql-charts/sql-charts.service';

/**
 * Organization and project content. Needs DatabaseModule and AuthModule (both global), and
 * ProjectsModule (its content-copier registry).
 * Add further content services (charts, dashboards, …) to SERVICES; pinnable kinds add their
 * PinnedItemSource to PIN_SOURCES, and the provider of what spaces hold replaces SPACE_CONTENTS.
 */
const SERVICES = [
  ColorPalettesService,
  SpaceAccessService,
  SpacesService,
  GroupsService,
  PinsService,
  ChartsService,
  DashboardsService,
  SqlChartsService,
  SpacePaths,
  ChartsAsCodeService,
  DashboardsAsCodeService,
  PromotionService,
];
const PIN_SOURCES = [SpacePinSource, ChartPinSource, DashboardPinSource];
/** Copiers of preview projects' content; each runs by its `order` (spaces before what they hold). */
const CONTENT_COPIERS = [SpacesContentCopier, SavedContentCopier];

@Module({
  imports: [ProjectsModule],
  providers: [
    ...SERVICES,
    ...CONTENT_COPIERS,
    ...PIN_SOURCES,
    { provide: SPACE_CONTENTS, useClass: StoredSpaceContents },
    { provide: PINNED_ITEM_SOURCES, inject: PIN_SOURCES, useFactory: (...sources: PinnedItemSource[]) => sources },
  ],
  exports: SERVICES,
})
export class ContentModule {}
