import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NotFoundError } from '@quarry/domain';
import type { AppConfig } from '@quarry/server/config';

import { ExportFiles } from './export-files';

async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => stream.end(text, () => resolve()).on('error', reject));
}

describe('ExportFiles', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-export-files-'));
  const files = new ExportFiles({ dataDir, server: { siteUrl: 'https://bi.example.com' } } as AppConfig);
  const target = (jobId: string) => ({ jobId, projectUuid: 'project-1', contentType: 'text/csv; charset=utf-8' });
  const exportsDir = join(dataDir, 'files', 'exports');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('shows nothing until a file is committed, then exactly that file', async () => {
    const attempt = await files.begin(target('job-1'));
    await write(attempt.stream, 'a,b\n');
    await expect(files.open('job-1')).rejects.toBeInstanceOf(NotFoundError);
    await expect(attempt.commit('first.csv')).resolves.toEqual({ fileUrl: 'https://bi.example.com/api/v1/projects/project-1/csv/job-1' });
    const stored = await files.open('job-1');
    stored.stream.destroy();
    expect([stored.fileName, stored.size]).toEqual(['first.csv', 4]);
    expect(readdirSync(join(exportsDir, '.partial'))).toEqual([]);
  });

  it('replaces what an earlier attempt of the same job left, so a job has one file', async () => {
    const interrupted = await files.begin(target('job-2'));
    await write(interrupted.stream, 'half');
    const first = await files.begin(target('job-2'));
    await write(first.stream, 'one\n');
    await first.commit('one.csv');
    const retry = await files.begin(target('job-2'));
    await write(retry.stream, 'two\n');
    await retry.commit('two.csv');
    expect(readdirSync(join(exportsDir, 'job-2'))).toEqual(['two.csv']);
    expect(readFileSync(join(exportsDir, 'job-2', 'two.csv'), 'utf8')).toBe('two\n');
  });

  it('discards a failed attempt', async () => {
    const attempt = await files.begin(target('job-3'));
    await write(attempt.stream, 'broken');
    await attempt.discard();
    expect(readdirSync(join(exportsDir, '.partial'))).not.toContain('job-3.part');
    await expect(files.open('job-3')).rejects.toBeInstanceOf(NotFoundError);
  });
});
