import { Module } from '@nestjs/common';
import { ExportStorageModule } from '@quarry/server/exports';
import { RollupStorageModule } from '@quarry/server/pre-aggregates';

import { MaintenanceService } from './maintenance.service';
import { MaintenanceRequestsService } from './maintenance-requests.service';

@Module({
  imports: [ExportStorageModule, RollupStorageModule],
  providers: [MaintenanceService, MaintenanceRequestsService],
  exports: [MaintenanceService, MaintenanceRequestsService],
})
export class MaintenanceModule {}
