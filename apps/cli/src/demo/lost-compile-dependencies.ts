import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { JOB_QUEUE, JobName } from '@quarry/jobs-contracts';
import { JobsRepository, ProjectsRepository } from '@quarry/server/database';
import { JobProducer } from '@quarry/server/queue';
import type { Queue } from 'bullmq';

import type { LostCompileDependencies } from './lost-compile';

/** requeueLostCompile's dependencies from a context with the projects and queue modules. */
export function lostCompileDependencies(app: INestApplicationContext): LostCompileDependencies {
  const queue = app.get<Queue>(getQueueToken(JOB_QUEUE[JobName.CompileProject]), { strict: false });
  return {
    projects: app.get(ProjectsRepository),
    jobs: app.get(JobsRepository),
    producer: app.get(JobProducer),
    isQueued: async (jobUuid) => (await queue.getJob(jobUuid)) !== undefined,
  };
}
