import { Module } from '@nestjs/common';

import { NoUserAttributes, USER_ATTRIBUTES_SOURCE } from './access/user-attributes';
import { CatalogService } from './catalog.service';
import { CHART_USAGE_SOURCE, NoSavedCharts } from './usage/chart-usage';

/**
 * The data catalog (E8, E9). Needs DatabaseModule and AuthModule (both global).
 * CHART_USAGE_SOURCE counts nothing until saved charts exist; wire it to them then.
 */
@Module({
  providers: [
    CatalogService,
    { provide: CHART_USAGE_SOURCE, useClass: NoSavedCharts },
    { provide: USER_ATTRIBUTES_SOURCE, useClass: NoUserAttributes },
  ],
  exports: [CatalogService, USER_ATTRIBUTES_SOURCE],
})
export class CatalogModule {}
