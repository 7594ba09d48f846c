import type { OrganizationRole, Principal } from '@quarry/domain';
import { PolicyService } from '@quarry/server/auth';
import type { JobEntity, JobsRepository } from '@quarry/server/database';

import { JobStatusService } from './job-status.service';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const CREATOR = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const JOB = '99999999-9999-4999-8999-999999999999';

function principal(userUuid: string, organizationUuid: string, organizationRole: OrganizationRole): Principal {
  return { userUuid, organizationUuid, organizationRole, email: 'x@y.z', firstName: '', lastName: '', tokenUuid: 't' };
}

const job: JobEntity = {
  jobUuid: JOB,
  jobName: 'maintenance.purge-expired',
  status: 'completed',
  details: { filesPurged: 2 },
  error: null,
  attempts: 1,
  createdByUserUuid: CREATOR,
  organizationUuid: ORG,
  projectUuid: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('JobStatusService', () => {
  const repository = { findByUuid: async (uuid: string) => (uuid === JOB ? job : null) } as unknown as JobsRepository;
  const service = new JobStatusService(repository, new PolicyService({} as never));

  it('shows the creator their job with its owner details', async () => {
    const view = await service.get(principal(CREATOR, ORG, 'viewer'), JOB);
    expect(view.status).toBe('completed');
    expect(view.details).toEqual({ filesPurged: 2, createdByUserUuid: CREATOR, projectUuid: null, organizationUuid: ORG });
  });

  it('shows an admin of the same organization any job', async () => {
    await expect(service.get(principal('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', ORG, 'admin'), JOB)).resolves.toBeDefined();
  });

  it('answers 404, as for a missing job, to other users and to admins of other organizations', async () => {
    await expect(service.get(principal('cccccccc-cccc-4ccc-8ccc-cccccccccccc', ORG, 'developer'), JOB)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(service.get(principal('dddddddd-dddd-4ddd-8ddd-dddddddddddd', OTHER_ORG, 'admin'), JOB)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(service.get(principal(CREATOR, ORG, 'admin'), '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });
});
