import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@quarry/domain';
import { CatalogService } from '@quarry/server/catalog';
import { CurrentUser, Endpoint, UuidParam } from '@quarry/server/common';

import { MetricsCatalogDto, MetricsCatalogParamsDto, TableCatalogMetadataDto } from './catalog.dto';

@ApiTags('Catalog')
@Controller('api/v1/projects/:projectUuid/dataCatalog')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('metrics')
  @Endpoint({ summary: 'Search and page the metrics catalog (E8)', response: MetricsCatalogDto, errors: [403, 404, 409] })
  metrics(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Query() params: MetricsCatalogParamsDto,
  ): Promise<MetricsCatalogDto> {
    return this.catalog.metrics(principal, projectUuid, params);
  }

  @Get(':table/metadata')
  @Endpoint({
    summary: "A table's catalog metadata: its fields and joined tables (E9)",
    response: TableCatalogMetadataDto,
    errors: [403, 404, 409],
  })
  tableMetadata(
    @CurrentUser() principal: Principal,
    @Param('projectUuid', new UuidParam('projectUuid')) projectUuid: string,
    @Param('table') table: string,
  ): Promise<TableCatalogMetadataDto> {
    return this.catalog.tableMetadata(principal, projectUuid, table);
  }
}
