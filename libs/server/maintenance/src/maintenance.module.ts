import { Module } from '@nestjs/common';

import { MaintenanceService } from './maintenance.service';
import { MaintenanceRequestsService } from './maintenance-requests.service';

@Module({ providers: [MaintenanceService, MaintenanceRequestsService], exports: [MaintenanceService, MaintenanceRequestsService] })
export class MaintenanceModule {}
