import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { GitTransformConnection } from '@quarry/domain';

import { cloneBranch, cloneUrlOf } from './git-clone';

const TOKEN = 'ghp_secret_token_value';
const LOOPBACK_ALLOWED = { allowPrivateNetwork: false, allowedHosts: ['127.0.0.1'] };
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  });
}

describe('cloning a transform project from git', () => {
  let root: string;
  let bareUrl: string;
  const connection: GitTransformConnection = {
    type: 'github',
    repository: 'acme/analytics',
    branch: 'main',
    project_sub_path: '/dbt',
    personal_access_token: TOKEN,
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'quarry-git-test-'));
    const work = join(root, 'work');
    mkdirSync(join(work, 'dbt'), { recursive: true });
    writeFileSync(join(work, 'dbt', 'dbt_project.yml'), 'name: analytics\n');
    git(work, 'init', '--quiet', '--initial-branch=main');
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'first');
    git(work, 'checkout', '--quiet', '-b', 'feature');
    writeFileSync(join(work, 'dbt', 'dbt_project.yml'), 'name: feature-analytics\n');
    git(work, 'commit', '--quiet', '-am', 'feature');
    git(root, 'clone', '--quiet', '--bare', work, join(root, 'remote.git'));
    bareUrl = `file://${join(root, 'remote.git')}`;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('clones the requested branch into a temporary folder and removes it afterwards', async () => {
    const clone = await cloneBranch({ ...connection, branch: 'feature' }, { policy: LOOPBACK_ALLOWED, url: bareUrl });
    expect(readFileSync(join(clone.dir, 'dbt', 'dbt_project.yml'), 'utf8')).toBe('name: feature-analytics\n');
    await clone.remove();
    expect(existsSync(clone.dir)).toBe(false);
  });

  it('reports an unknown branch clearly, without the token', async () => {
    const failure = cloneBranch({ ...connection, branch: 'nope' }, { policy: LOOPBACK_ALLOWED, url: bareUrl });
    await expect(failure).rejects.toMatchObject({ name: 'TransformProjectError', message: expect.stringMatching(/branch nope/) });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining(TOKEN) });
  });

  it('builds each host’s HTTPS clone URL without credentials in it', () => {
    expect(cloneUrlOf(connection)).toBe('https://github.com/acme/analytics.git');
    expect(cloneUrlOf({ ...connection, type: 'gitlab', host_domain: 'git.acme.io' })).toBe('https://git.acme.io/acme/analytics.git');
    expect(cloneUrlOf({ ...connection, type: 'bitbucket', username: 'me' })).toBe('https://bitbucket.org/acme/analytics.git');
    expect(
      cloneUrlOf({
        type: 'azure_devops',
        organization: 'acme',
        project: 'bi',
        repository: 'analytics',
        branch: 'main',
        project_sub_path: '/',
        personal_access_token: TOKEN,
      }),
    ).toBe('https://dev.azure.com/acme/bi/_git/analytics');
    expect(cloneUrlOf(connection)).not.toContain(TOKEN);
  });

  describe('the token never appears in process arguments (ps shows them to every user)', () => {
    let binDir: string;
    let argvLog: string;
    let originalPath: string | undefined;
    beforeAll(() => {
      // A `git` first on PATH that records its arguments and runs the real one.
      binDir = join(root, 'bin');
      argvLog = join(root, 'argv.log');
      mkdirSync(binDir, { recursive: true });
      const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
      writeFileSync(join(binDir, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec '${realGit}' "$@"\n`);
      chmodSync(join(binDir, 'git'), 0o755);
      originalPath = process.env['PATH'];
      process.env['PATH'] = `${binDir}:${originalPath ?? ''}`;
    });
    afterAll(() => {
      process.env['PATH'] = originalPath;
    });

    it('clones from a local repository with the token out of argv', async () => {
      const clone = await cloneBranch({ ...connection, branch: 'main' }, { policy: LOOPBACK_ALLOWED, url: bareUrl });
      expect(readFileSync(join(clone.dir, 'dbt', 'dbt_project.yml'), 'utf8')).toBe('name: analytics\n');
      await clone.remove();
      const argv = readFileSync(argvLog, 'utf8');
      expect(argv).toContain('clone');
      expect(argv).not.toContain(TOKEN);
      expect(argv).not.toContain(BASIC);
    });

    it('still sends the token to the git host over HTTP, in the Authorization header', async () => {
      const seen: IncomingHttpHeaders[] = [];
      const server = createServer((request, response) => {
        seen.push(request.headers);
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/acme/analytics.git`;
        await expect(cloneBranch(connection, { policy: LOOPBACK_ALLOWED, url })).rejects.toMatchObject({ name: 'TransformProjectError' });
        expect(seen[0]?.authorization).toBe(`Basic ${BASIC}`);
        expect(readFileSync(argvLog, 'utf8')).not.toContain(BASIC);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('refuses a git host the outbound policy does not allow, before running git', async () => {
      const before = readFileSync(argvLog, 'utf8');
      await expect(
        cloneBranch({ ...connection, host_domain: '169.254.169.254' }, { policy: { allowPrivateNetwork: false, allowedHosts: [] } }),
      ).rejects.toMatchObject({
        name: 'TransformProjectError',
        data: { field: 'transformConnection.host_domain' },
      });
      expect(readFileSync(argvLog, 'utf8')).toBe(before);
    });
  });
});
