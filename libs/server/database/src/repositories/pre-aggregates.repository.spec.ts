import { randomUUID } from 'node:crypto';

import type { DataSource } from 'typeorm';

import { type ProjectTestDatabase, projectTestDatabase } from '../test/project-test-database';
import { PreAggregatesRepository } from './pre-aggregates.repository';

const BUILT_AT = new Date('2026-01-02T03:04:05.678Z');

/** Integration tier: the swap of a pre-aggregate's served build, on a real PostgreSQL. */
describe('PreAggregatesRepository', () => {
  let testDatabase: ProjectTestDatabase | undefined;
  let dataSource: DataSource;
  let repository: PreAggregatesRepository;
  let projectUuid: string;

  const declared = (fingerprint: string) => ({
    name: 'daily',
    exploreName: 'orders',
    definition: { name: 'daily', modelName: 'orders', dimensions: ['orders_status'], metrics: ['orders_count'] },
    fingerprint,
  });
  const build = async (fingerprint: string) => {
    const buildUuid = randomUUID();
    await repository.createBuild({ buildUuid, projectUuid, name: 'daily', fingerprint, trigger: 'manual', jobUuid: null });
    await repository.markBuilding(buildUuid, fingerprint, BUILT_AT);
    return buildUuid;
  };
  const finished = (buildUuid: string, objectKey: string | null = null) => ({
    rows: 10,
    bytes: 100,
    durationMs: 5,
    filePath: `/rollups/${buildUuid}.parquet`,
    objectKey,
  });

  beforeAll(async () => {
    testDatabase = await projectTestDatabase('quarry_pre_aggregates');
    ({ dataSource, projectUuid } = testDatabase);
    repository = new PreAggregatesRepository(dataSource);
  });
  afterAll(() => testDatabase?.drop());

  it('serves a ready build of the current fingerprint, and keeps it when a later build fails', async () => {
    await repository.replaceDeclared(projectUuid, [declared('v1')]);
    const first = await build('v1');
    await expect(repository.completeBuild(first, finished(first, `pre-aggregates/${projectUuid}/daily/${first}.parquet`))).resolves.toEqual(
      { served: true },
    );
    expect(await repository.servedRollups(projectUuid)).toEqual([
      {
        name: 'daily',
        exploreName: 'orders',
        fingerprint: 'v1',
        buildUuid: first,
        filePath: `/rollups/${first}.parquet`,
        objectKey: `pre-aggregates/${projectUuid}/daily/${first}.parquet`,
        rows: 10,
        builtAt: BUILT_AT,
      },
    ]);

    const failing = await build('v1');
    await repository.failBuild(failing, 'relation "orders" does not exist', 7);
    const [status] = await repository.listStatus(projectUuid);
    expect(status?.current?.buildUuid).toBe(first);
    expect(status?.last).toMatchObject({ buildUuid: failing, status: 'failed', error: 'relation "orders" does not exist', durationMs: 7 });
  });

  it('swaps in a newer build and marks the replaced one superseded, its file removable after the grace period', async () => {
    const [before] = await repository.servedRollups(projectUuid);
    const next = await build('v1');
    await expect(repository.completeBuild(next, finished(next))).resolves.toEqual({ served: true });
    expect((await repository.servedRollups(projectUuid))[0]?.buildUuid).toBe(next);
    expect(await repository.staleFiles(projectUuid, new Date(Date.now() - 60_000))).toEqual([]);
    const stale = await repository.staleFiles(projectUuid, new Date(Date.now() + 60_000));
    expect(stale).toEqual([
      { projectUuid, name: 'daily', buildUuid: before?.buildUuid, filePath: before?.filePath, objectKey: before?.objectKey, bytes: 100 },
    ]);
    // Local copies: the served build is kept, the replaced one only until the grace period ends.
    expect(await repository.unneededBuilds([next, before?.buildUuid as string], new Date(Date.now() - 60_000))).toEqual(new Set());
    expect(await repository.unneededBuilds([next, before?.buildUuid as string], new Date(Date.now() + 60_000))).toEqual(
      new Set([before?.buildUuid]),
    );
    await repository.markFilesRemoved(stale.map((file) => file.buildUuid));
    expect(await repository.staleFiles(projectUuid, new Date(Date.now() + 60_000))).toEqual([]);
    expect(await repository.unneededBuilds([before?.buildUuid as string], new Date(Date.now() - 60_000))).toEqual(
      new Set([before?.buildUuid]),
    );
  });

  it('tells which projects exist, and that a build gone with its project needs no file', async () => {
    const gone = randomUUID();
    expect(await repository.existingProjects([projectUuid, gone])).toEqual(new Set([projectUuid]));
    expect(await repository.existingProjects([])).toEqual(new Set());
    const unknownBuild = randomUUID();
    expect(await repository.unneededBuilds([unknownBuild], new Date(0))).toEqual(new Set([unknownBuild]));
  });

  it('never serves a build of another definition, and forgets definitions a compile dropped', async () => {
    const [served] = await repository.servedRollups(projectUuid);
    const old = await build('v1');
    await repository.replaceDeclared(projectUuid, [declared('v2')]);
    expect(await repository.servedRollups(projectUuid)).toEqual([]);
    await expect(repository.completeBuild(old, finished(old))).resolves.toEqual({ served: false });
    expect((await repository.listStatus(projectUuid))[0]?.current?.buildUuid).toBe(served?.buildUuid);
    await expect(repository.replaceDeclared(projectUuid, [])).resolves.toEqual(['daily']);
    expect(await repository.listStatus(projectUuid)).toEqual([]);
  });
});
