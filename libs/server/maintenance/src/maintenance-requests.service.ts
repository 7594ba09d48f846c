import { Injectable } from '@nestjs/common';
import type { Principal } from '@quarry/domain';
import { JobName } from '@quarry/jobs-contracts';
import { PolicyService } from '@quarry/server/auth';
import { JobProducer } from '@quarry/server/queue';

/** Runs of the maintenance job requested through the API, beside the worker's schedule. */
@Injectable()
export class MaintenanceRequestsService {
  constructor(
    private readonly policy: PolicyService,
    private readonly producer: JobProducer,
  ) {}

  requestPurge(principal: Principal): Promise<string> {
    this.policy.assert(principal, 'maintenance:run');
    return this.producer.enqueue(
      JobName.PurgeExpired,
      { trigger: 'manual' },
      { createdByUserUuid: principal.userUuid, organizationUuid: principal.organizationUuid, projectUuid: null },
    );
  }
}
