import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { type GitTransformConnection, TransformProjectError } from '@quarry/domain';

const run = promisify(execFile);

/** The HTTPS clone URL of each git host (the repository is `owner/name`). */
export function cloneUrlOf(connection: GitTransformConnection): string {
  switch (connection.type) {
    case 'github':
      return `https://${connection.host_domain ?? 'github.com'}/${connection.repository}.git`;
    case 'gitlab':
      return `https://${connection.host_domain ?? 'gitlab.com'}/${connection.repository}.git`;
    case 'bitbucket':
      return `https://${connection.host_domain ?? 'bitbucket.org'}/${connection.repository}.git`;
    case 'azure_devops':
      return `https://dev.azure.com/${encodeURIComponent(connection.organization)}/${encodeURIComponent(connection.project)}/_git/${encodeURIComponent(connection.repository)}`;
  }
}

/** Basic credentials each host accepts for a token. */
function basicAuth(connection: GitTransformConnection): string {
  const user = connection.type === 'bitbucket' ? connection.username : connection.type === 'gitlab' ? 'oauth2' : 'x-access-token';
  return Buffer.from(`${user}:${connection.personal_access_token}`).toString('base64');
}

export interface ClonedRepository {
  dir: string;
  remove(): Promise<void>;
}

/**
 * Shallow-clones one branch into a temporary folder. The token travels in an HTTP header given
 * on the command line's config (never in the URL, so it is not stored in .git/config or shown in
 * git's error messages), and git never prompts.
 */
export async function cloneBranch(connection: GitTransformConnection, url = cloneUrlOf(connection), timeoutMs = 120_000): Promise<ClonedRepository> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-git-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await run(
      'git',
      ['-c', `http.extraHeader=Authorization: Basic ${basicAuth(connection)}`, 'clone', '--quiet', '--depth', '1', '--single-branch', '--branch', connection.branch, '--', url, dir],
      { timeout: timeoutMs, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true' } },
    );
  } catch (error) {
    await remove();
    const stderr = String((error as { stderr?: string }).stderr ?? (error as Error).message).replaceAll(connection.personal_access_token, '***');
    throw new TransformProjectError(`Could not clone ${connection.repository} (branch ${connection.branch}): ${stderr.trim()}`, {
      field: 'transformConnection.repository',
    });
  }
  return { dir, remove };
}
