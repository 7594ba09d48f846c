import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { type GitTransformConnection, TransformProjectError } from '@quarry/domain';
import { OutboundHostRefusedError, type OutboundPolicy, resolveAllowedHost } from '@quarry/server/common';

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
      return (
        `https://dev.azure.com/${encodeURIComponent(connection.organization)}/${encodeURIComponent(connection.project)}/_git` +
        `/${encodeURIComponent(connection.repository)}`
      );
  }
}

/** Basic credentials each host accepts for a token. */
function basicAuth(connection: GitTransformConnection): string {
  const user = connection.type === 'bitbucket' ? connection.username : connection.type === 'gitlab' ? 'oauth2' : 'x-access-token';
  return Buffer.from(`${user}:${connection.personal_access_token}`).toString('base64');
}

/**
 * git configuration given through the environment (GIT_CONFIG_COUNT/KEY_n/VALUE_n, git ≥ 2.31),
 * never the command line: arguments are readable by every user of the machine (`ps`), a
 * process's environment only by its owner. Values are also not written to .git/config.
 */
export function gitConfigEnvironment(settings: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(settings.length) };
  settings.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

/** libcurl's `HOST:PORT:ADDRESS[,ADDRESS]` (IPv6 in brackets): git connects there, not where DNS says next. */
function curlResolve(url: URL, addresses: ReadonlyArray<{ address: string; family: 4 | 6 }>): string {
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return `${url.hostname}:${port}:${addresses.map(({ address, family }) => (family === 6 ? `[${address}]` : address)).join(',')}`;
}

/** The host field the caller named, for errors about the host. */
function hostField(connection: GitTransformConnection): string {
  return connection.type !== 'azure_devops' && connection.host_domain
    ? 'transformConnection.host_domain'
    : 'transformConnection.repository';
}

export interface CloneOptions {
  /** The outbound policy the git host must pass (resolved, checked and pinned). */
  policy: OutboundPolicy;
  /** Tests only: a `file://` URL instead of the host's HTTPS one. */
  url?: string;
  timeoutMs?: number;
}

export interface ClonedRepository {
  dir: string;
  remove(): Promise<void>;
}

/**
 * Shallow-clones one branch into a temporary folder. The token travels in an HTTP header set
 * through git's environment (never in the URL or the arguments, so it is not in .git/config,
 * in git's messages or in `ps`); the host must pass the outbound policy and git connects to the
 * addresses that were checked, follows no redirect, speaks no other protocol and never prompts.
 */
export async function cloneBranch(connection: GitTransformConnection, options: CloneOptions): Promise<ClonedRepository> {
  const url = new URL(options.url ?? cloneUrlOf(connection));
  const settings: Array<[string, string]> = [
    ['http.extraHeader', `Authorization: Basic ${basicAuth(connection)}`],
    ['http.followRedirects', 'false'],
  ];
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    try {
      settings.push(['http.curloptResolve', curlResolve(url, await resolveAllowedHost(options.policy, url.hostname))]);
    } catch (error) {
      if (!(error instanceof OutboundHostRefusedError)) throw error;
      throw new TransformProjectError(error.message, { field: hostField(connection) });
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'quarry-git-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await run('git', ['clone', '--quiet', '--depth', '1', '--single-branch', '--branch', connection.branch, '--', url.toString(), dir], {
      timeout: options.timeoutMs ?? 120_000,
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: 'true',
        GIT_ALLOW_PROTOCOL: url.protocol.slice(0, -1),
        ...gitConfigEnvironment(settings),
      },
    });
  } catch (error) {
    await remove();
    const stderr = String((error as { stderr?: string }).stderr ?? (error as Error).message)
      .replaceAll(connection.personal_access_token, '***')
      .replaceAll(basicAuth(connection), '***');
    throw new TransformProjectError(`Could not clone ${connection.repository} (branch ${connection.branch}): ${stderr.trim()}`, {
      field: 'transformConnection.repository',
    });
  }
  return { dir, remove };
}
