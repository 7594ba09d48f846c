import { Module } from '@nestjs/common';

import { NoUserAttributes, USER_ATTRIBUTES_SOURCE } from './access/user-attributes';
import { CatalogService } from './catalog.service';
import { CHART_USAGE_SOURCE, SavedChartUsage } from './usage/chart-usage';

/**
 * The data catalog (E8, E9). Needs DatabaseModule and AuthModule (both global).
 * CHART_USAGE_SOURCE counts the saved charts using each field.
 */
@Module({
  providers: [
    CatalogService,
    { provide: CHART_USAGE_SOURCE, useClass: SavedChartUsage },
    { provide: USER_ATTRIBUTES_SOURCE, useClass: NoUserAttributes },
  ],
  exports: [CatalogService, USER_ATTRIBUTES_SOURCE],
})
export class CatalogModule {}
