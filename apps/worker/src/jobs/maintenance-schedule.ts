import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, jobRunOptions, QueueName } from '@quarry/jobs-contracts';
import { AppConfig } from '@quarry/server/config';
import type { Queue } from 'bullmq';

const SCHEDULER_ID = 'maintenance:purge-expired';

/** Keeps the repeatable purge on its schedule; upserting is idempotent across workers. */
@Injectable()
export class MaintenanceSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceSchedule.name);

  constructor(
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { attempts, backoff, removeOnComplete, removeOnFail } = jobRunOptions(JobName.PurgeExpired);
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.config.maintenance.intervalMs },
      { name: JobName.PurgeExpired, data: { trigger: 'schedule' }, opts: { attempts, backoff, removeOnComplete, removeOnFail } },
    );
    this.logger.log({ everyMs: this.config.maintenance.intervalMs }, 'Maintenance purge scheduled');
  }
}
