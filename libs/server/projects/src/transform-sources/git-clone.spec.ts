import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { GitTransformConnection } from '@quarry/domain';

import { cloneBranch, cloneUrlOf } from './git-clone';

const TOKEN = 'ghp_secret_token_value';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
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
    const clone = await cloneBranch({ ...connection, branch: 'feature' }, bareUrl);
    expect(readFileSync(join(clone.dir, 'dbt', 'dbt_project.yml'), 'utf8')).toBe('name: feature-analytics\n');
    await clone.remove();
    expect(existsSync(clone.dir)).toBe(false);
  });

  it('reports an unknown branch clearly, without the token', async () => {
    const failure = cloneBranch({ ...connection, branch: 'nope' }, bareUrl);
    await expect(failure).rejects.toMatchObject({ name: 'TransformProjectError', message: expect.stringMatching(/branch nope/) });
    await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining(TOKEN) });
  });

  it('builds each host’s HTTPS clone URL without credentials in it', () => {
    expect(cloneUrlOf(connection)).toBe('https://github.com/acme/analytics.git');
    expect(cloneUrlOf({ ...connection, type: 'gitlab', host_domain: 'git.acme.io' })).toBe('https://git.acme.io/acme/analytics.git');
    expect(cloneUrlOf({ ...connection, type: 'bitbucket', username: 'me' })).toBe('https://bitbucket.org/acme/analytics.git');
    expect(
      cloneUrlOf({ type: 'azure_devops', organization: 'acme', project: 'bi', repository: 'analytics', branch: 'main', project_sub_path: '/', personal_access_token: TOKEN }),
    ).toBe('https://dev.azure.com/acme/bi/_git/analytics');
    expect(cloneUrlOf(connection)).not.toContain(TOKEN);
  });
});
