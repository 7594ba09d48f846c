import { Module } from '@nestjs/common';
import { ExportStorageModule } from '@quarry/server/exports';

import { MaintenanceService } from './maintenance.service';
import { MaintenanceRequestsService } from './maintenance-requests.service';

@Module({ imports: [ExportStorageModule], providers: [MaintenanceService, MaintenanceRequestsService], exports: [MaintenanceService, MaintenanceRequestsService] })
export class MaintenanceModule {}
