import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { purgeSqlRunnerResults } from './expired-sql-runner-results';

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';
const PROJECT = '33333333-3333-4333-8333-333333333333';

describe('purgeSqlRunnerResults', () => {
  let dataDir: string;
  const old = new Date('2026-01-01T00:00:00Z');
  const cutoff = new Date('2026-01-09T00:00:00Z');

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-sql-purge-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  async function file(path: string, content: string, modified?: Date): Promise<string> {
    const full = join(dataDir, path);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, content);
    if (modified) await utimes(full, modified, modified);
    return full;
  }

  it("removes each organization's expired results, keeping recent ones and everything outside sql-runner", async () => {
    await file(`organizations/${ORG_A}/sql-runner/${PROJECT}/old-job.jsonl`, '{"a":1}\n', old);
    await file(`organizations/${ORG_A}/sql-runner/${PROJECT}/new-job.jsonl`, '{"a":2}\n');
    await file(`organizations/${ORG_B}/sql-runner/${PROJECT}/old-job.jsonl`, '{"b":1}\n', old);
    // An old warehouse file of the organization is not a result: it stays.
    await file(`organizations/${ORG_A}/warehouses/jaffle.duckdb`, 'duckdb', old);

    expect(await purgeSqlRunnerResults(dataDir, cutoff)).toEqual({ files: 2, bytes: 16 });
    expect(await readdir(join(dataDir, `organizations/${ORG_A}/sql-runner/${PROJECT}`))).toEqual(['new-job.jsonl']);
    // B's project folder was left empty: removed, its sql-runner folder kept.
    expect(await readdir(join(dataDir, `organizations/${ORG_B}/sql-runner`))).toEqual([]);
    expect(await readdir(join(dataDir, `organizations/${ORG_A}/warehouses`))).toEqual(['jaffle.duckdb']);
  });

  it('leaves folders that are not organization ids, and symlinked organizations, alone', async () => {
    await file('organizations/not-an-org/sql-runner/p/old.jsonl', 'x', old);
    const outside = await mkdtemp(join(tmpdir(), 'quarry-sql-outside-'));
    await mkdir(join(outside, 'sql-runner'), { recursive: true });
    await writeFile(join(outside, 'sql-runner', 'precious.jsonl'), 'keep');
    await utimes(join(outside, 'sql-runner', 'precious.jsonl'), old, old);
    await symlink(outside, join(dataDir, 'organizations', ORG_A));

    expect(await purgeSqlRunnerResults(dataDir, cutoff)).toEqual({ files: 0, bytes: 0 });
    expect(await readdir(join(dataDir, 'organizations/not-an-org/sql-runner/p'))).toEqual(['old.jsonl']);
    expect(await readdir(join(outside, 'sql-runner'))).toEqual(['precious.jsonl']);
    await rm(outside, { recursive: true, force: true });
  });

  it('purges nothing when DATA_DIR has no organizations yet', async () => {
    expect(await purgeSqlRunnerResults(dataDir, cutoff)).toEqual({ files: 0, bytes: 0 });
  });
});
