import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Proves the module-boundary rules bite: a probe file placed in a library is linted with the
 * workspace's real ESLint configuration, and each forbidden import must be reported.
 */
const ROOT = join(__dirname, '../../..');
const run = promisify(execFile);

interface LintMessage {
  ruleId: string | null;
  message: string;
}

async function lintProbe(library: string, source: string): Promise<LintMessage[]> {
  const file = join(ROOT, library, 'src', `boundary-probe-${randomBytes(4).toString('hex')}.ts`);
  await writeFile(file, source);
  try {
    const eslint = join(ROOT, 'node_modules/.bin/eslint');
    const { stdout } = await run(eslint, ['--format', 'json', '--no-warn-ignored', file], { cwd: ROOT }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }),
    );
    const [result] = JSON.parse(stdout) as Array<{ messages: LintMessage[] }>;
    return result?.messages ?? [];
  } finally {
    await rm(file, { force: true });
  }
}

const boundaryErrors = (messages: LintMessage[]) =>
  messages.filter((message) => message.ruleId === '@nx/enforce-module-boundaries').map((message) => message.message);

describe('module boundaries', () => {
  jest.setTimeout(60_000);

  it('reject NestJS in a pure library', async () => {
    const errors = boundaryErrors(
      await lintProbe('libs/domain', "import { Injectable } from '@nestjs/common';\n\nexport const probe = Injectable;\n"),
    );
    expect(errors.join('\n')).toMatch(/@nestjs\/common/);
  });

  it('reject TypeORM in a pure library', async () => {
    const errors = boundaryErrors(
      await lintProbe('libs/compiler', "import { DataSource } from 'typeorm';\n\nexport const probe = DataSource;\n"),
    );
    expect(errors.join('\n')).toMatch(/typeorm/);
  });

  it('reject a pure library depending on a server library', async () => {
    const errors = boundaryErrors(
      await lintProbe('libs/semantic', "import { loadConfig } from '@quarry/server/config';\n\nexport const probe = loadConfig;\n"),
    );
    expect(errors.join('\n')).toMatch(/can only depend on libs tagged with "type:domain"/);
  });

  it('reject a library importing an app', async () => {
    const errors = boundaryErrors(
      await lintProbe(
        'libs/server/common',
        "import { QUARRY_VERSION } from '../../../../apps/api/src/app/version';\n\nexport const probe = QUARRY_VERSION;\n",
      ),
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it('accept a pure library depending on another pure library', async () => {
    // formatting → domain (jobs-contracts now builds on domain, so domain → jobs-contracts would be a circle).
    const messages = await lintProbe(
      'libs/formatting',
      "import { DATE_GRANULARITIES } from '@quarry/domain';\n\nexport const probe = DATE_GRANULARITIES.length;\n",
    );
    expect(boundaryErrors(messages)).toEqual([]);
  });
});
