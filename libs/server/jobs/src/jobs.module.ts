import { Module } from '@nestjs/common';

import { JobStatusService } from './job-status.service';

@Module({ providers: [JobStatusService], exports: [JobStatusService] })
export class JobsModule {}
