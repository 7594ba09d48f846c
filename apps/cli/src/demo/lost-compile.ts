import { JobName } from '@quarry/jobs-contracts';
import type { JobEntity, JobsRepository, ProjectsRepository } from '@quarry/server/database';
import type { JobProducer } from '@quarry/server/queue';

export const LOST_JOB_ERROR =
  'The job was lost from the queue (Redis emptied, or another QUEUE_PREFIX); the launcher queued the compile again';

/** What recovering a lost compile needs; `isQueued` asks the projects queue whether it holds a job. */
export interface LostCompileDependencies {
  projects: Pick<ProjectsRepository, 'findByUuid' | 'setCompileState'>;
  jobs: Pick<JobsRepository, 'findByUuid' | 'markFailed'>;
  producer: Pick<JobProducer, 'enqueue'>;
  isQueued(jobUuid: string): Promise<boolean>;
}

/**
 * Queues a project's compile again when the job of its compile in flight is no longer in Redis
 * (a Redis without persistence restarted, or QUEUE_PREFIX changed since): no worker would ever run
 * it, and the project would stay pending. Returns the new job's id, or undefined when nothing was
 * lost. Called once as the launcher starts waiting, not while the API may be queueing the job.
 */
export async function requeueLostCompile(projectUuid: string, deps: LostCompileDependencies): Promise<string | undefined> {
  const project = await deps.projects.findByUuid(projectUuid);
  if (!project?.lastCompileJobUuid) return undefined;
  const job = await deps.jobs.findByUuid(project.lastCompileJobUuid);
  if (!job || !isUnfinished(job) || (await deps.isQueued(job.jobUuid))) return undefined;
  await deps.jobs.markFailed(job.jobUuid, LOST_JOB_ERROR, true);
  const jobUuid = await deps.producer.enqueue(
    JobName.CompileProject,
    { projectUuid },
    { createdByUserUuid: project.createdByUserUuid, organizationUuid: project.organizationUuid, projectUuid },
  );
  await deps.projects.setCompileState(projectUuid, { compileStatus: 'pending', lastCompileJobUuid: jobUuid });
  return jobUuid;
}

function isUnfinished(job: JobEntity): boolean {
  return job.status === 'scheduled' || job.status === 'started';
}
