import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';

import { call } from '../support/api-client';
import { waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { userWithToken } from '../support/users';

const { baseUrl, adminToken, dataDir, organizationUuid } = sharedQuarry();

describe('maintenance job: API → queue → worker → status', () => {
  it('purges expired tokens, expired export files and SQL runner results, and reports it in the job status', async () => {
    const shortLived = await call(baseUrl, 'POST', '/api/v1/user/me/personal-access-tokens', {
      token: adminToken,
      body: { description: 'expires at once', expiresAt: new Date(Date.now() + 1_000).toISOString() },
    });
    const expiredUuid = shortLived.body.results.uuid;
    const filesDir = join(dataDir, 'files', 'exports');
    mkdirSync(filesDir, { recursive: true });
    const oldFile = join(filesDir, 'old-export.csv');
    const freshFile = join(filesDir, 'fresh-export.csv');
    writeFileSync(oldFile, 'a,b\n1,2\n');
    writeFileSync(freshFile, 'a\n');
    const lastYear = new Date(Date.now() - 365 * 86_400_000);
    utimesSync(oldFile, lastYear, lastYear);
    // SQL runner results expire by the same rule, in the organization's own folder; nothing else of it does.
    const organizationFolder = organizationDataFolder(dataDir, organizationUuid);
    const resultsDir = join(organizationFolder, 'sql-runner', '00000000-0000-4000-8000-00000000e2e0');
    mkdirSync(resultsDir, { recursive: true });
    const oldResults = join(resultsDir, 'old-job.jsonl');
    const freshResults = join(resultsDir, 'fresh-job.jsonl');
    const oldOtherFile = join(organizationFolder, 'maintenance-e2e-not-a-result.txt');
    writeFileSync(oldResults, '{"n":1}\n');
    writeFileSync(freshResults, '{"n":2}\n');
    writeFileSync(oldOtherFile, 'stays');
    utimesSync(oldResults, lastYear, lastYear);
    utimesSync(oldOtherFile, lastYear, lastYear);
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    const started = await call(baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: adminToken });
    expect(started.status).toBe(200);
    const { jobId } = started.body.results;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    const finished = await waitFor('the maintenance job to complete', async () => {
      const status = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
      if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body));
      return status.body.results?.status === 'completed' ? status.body.results : undefined;
    });
    expect(finished.details).toMatchObject({ filesPurged: 2, bytesFreed: 16, organizationUuid: expect.any(String) });
    expect(finished.details.tokensPurged).toBeGreaterThanOrEqual(1);
    expect(finished.details.queriesPurged).toEqual(expect.any(Number));
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(freshFile)).toBe(true);
    expect({ oldResults: existsSync(oldResults), freshResults: existsSync(freshResults), other: existsSync(oldOtherFile) }).toEqual({
      oldResults: false,
      freshResults: true,
      other: true,
    });

    const listed = await call(baseUrl, 'GET', '/api/v1/user/me/personal-access-tokens', { token: adminToken });
    expect(listed.body.results.map((token: { uuid: string }) => token.uuid)).not.toContain(expiredUuid);
  });

  it('hides a job from other users and refuses the run to non-admins', async () => {
    const started = await call(baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: adminToken });
    const { jobId } = started.body.results;
    const developer = await userWithToken('developer');

    const peek = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: developer.token });
    expect(peek.status).toBe(404);
    expect(peek.body.error.name).toBe('NotFoundError');
    expect((await call(baseUrl, 'POST', '/api/v1/org/maintenance/purge-expired', { token: developer.token })).status).toBe(403);
  });

  it('answers 404 in the envelope for an unknown job', async () => {
    for (const jobId of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const response = await call(baseUrl, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 'error', error: { statusCode: 404, name: 'NotFoundError' } });
    }
  });
});
