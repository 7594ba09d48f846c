import { join } from 'node:path';

import { organizationDataFolder } from '@quarry/domain';

/**
 * Where a SQL runner job's rows live: in its organization's own folder of DATA_DIR (never another
 * organization's, whoever asks), one file per job, named by the job id. The API serves it only to
 * whoever may read the job (JobStatusService: its creator, or an admin of its organization).
 */
export function sqlRunnerResultsFile(dataDir: string, organizationUuid: string, projectUuid: string, jobId: string): string {
  return join(sqlRunnerResultsFolder(dataDir, organizationUuid, projectUuid), `${jobId}.jsonl`);
}

export function sqlRunnerResultsFolder(dataDir: string, organizationUuid: string, projectUuid: string): string {
  return join(sqlRunnerOrganizationFolder(dataDir, organizationUuid), projectUuid);
}

/** All SQL runner results of one organization (maintenance purges expired ones here, folder by folder). */
export function sqlRunnerOrganizationFolder(dataDir: string, organizationUuid: string): string {
  return join(organizationDataFolder(dataDir, organizationUuid), 'sql-runner');
}

/** The reference's URL of a job's rows, which its Python SDK reads back from the job's `details.fileUrl`. */
export function sqlRunnerResultsUrl(siteUrl: string, projectUuid: string, jobId: string): string {
  return `${siteUrl}/api/v1/projects/${projectUuid}/sqlRunner/results/${jobId}`;
}
