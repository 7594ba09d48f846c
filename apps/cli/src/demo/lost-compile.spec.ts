import type { JobStatus } from '@quarry/jobs-contracts';
import type { JobEntity, ProjectEntity } from '@quarry/server/database';

import { LOST_JOB_ERROR, type LostCompileDependencies, requeueLostCompile } from './lost-compile';

function world(jobStatus: JobStatus, queued: boolean) {
  const project = { projectUuid: 'p1', organizationUuid: 'o1', createdByUserUuid: 'u1', lastCompileJobUuid: 'old-job' } as ProjectEntity;
  const job = { jobUuid: 'old-job', status: jobStatus } as JobEntity;
  const calls: string[] = [];
  const deps: LostCompileDependencies = {
    projects: {
      findByUuid: async () => project,
      setCompileState: async (uuid, state) => void calls.push(`state ${uuid} ${state.compileStatus} ${String(state.lastCompileJobUuid)}`),
    },
    jobs: { findByUuid: async () => job, markFailed: async (uuid, error, final) => void calls.push(`failed ${uuid} ${final} ${error}`) },
    producer: {
      enqueue: async (name, payload, owner) => (
        calls.push(`enqueue ${name} ${JSON.stringify(payload)} ${JSON.stringify(owner)}`),
        'new-job'
      ),
    },
    isQueued: async () => queued,
  };
  return { deps, calls };
}

describe('requeueLostCompile', () => {
  it.each<JobStatus>(['scheduled', 'started'])('queues the compile again when its %s job is gone from Redis', async (status) => {
    const { deps, calls } = world(status, false);
    await expect(requeueLostCompile('p1', deps)).resolves.toBe('new-job');
    expect(calls).toEqual([
      `failed old-job true ${LOST_JOB_ERROR}`,
      'enqueue projects.compile {"projectUuid":"p1"} {"createdByUserUuid":"u1","organizationUuid":"o1","projectUuid":"p1"}',
      'state p1 pending new-job',
    ]);
  });

  it('leaves a job that is still queued to the worker', async () => {
    const { deps, calls } = world('scheduled', true);
    await expect(requeueLostCompile('p1', deps)).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });

  it.each<JobStatus>(['completed', 'error'])('leaves a %s job alone, queued or not', async (status) => {
    const { deps, calls } = world(status, false);
    await expect(requeueLostCompile('p1', deps)).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });
});
