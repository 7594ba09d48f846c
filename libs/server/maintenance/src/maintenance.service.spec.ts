import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppConfig } from '@quarry/server/config';
import type { PreAggregatesRepository, QueryHistoryRepository, TokensRepository } from '@quarry/server/database';
import { LocalRollupFiles, LocalRollupStore, RollupHousekeeping } from '@quarry/server/pre-aggregates';

import { MaintenanceService } from './maintenance.service';

describe('MaintenanceService.purgeExpired', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const retentionMs = 24 * 3_600_000;
  let dataDir: string;
  const tokens = { deleteExpired: jest.fn(async () => 2) } as unknown as TokensRepository;
  const queryHistory = { deleteOlderThan: jest.fn(async () => 1) } as unknown as QueryHistoryRepository;
  const PROJECT = '11111111-2222-4333-8444-555555555555';
  const DELETED_PROJECT = '99999999-2222-4333-8444-555555555555';
  const BUILD = 'aaaaaaaa-2222-4333-8444-555555555555';
  const noStaleRollups = {
    staleFilesAnywhere: jest.fn(async () => []),
    markFilesRemoved: jest.fn(async () => undefined),
    existingProjects: jest.fn(async (uuids: string[]) => new Set(uuids)),
  } as unknown as PreAggregatesRepository;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-maintenance-'));
    await mkdir(join(dataDir, 'files', 'exports', 'job'), { recursive: true });
    const old = join(dataDir, 'files', 'exports', 'job', 'old.csv');
    await writeFile(old, '12345');
    await utimes(old, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  function service(s3: ConstructorParameters<typeof MaintenanceService>[3], repository: PreAggregatesRepository = noStaleRollups) {
    const config = { dataDir, maintenance: { fileRetentionMs: retentionMs }, preAggregates: { fileGraceMs: 300_000 } } as AppConfig;
    const local = new LocalRollupFiles(dataDir);
    return new MaintenanceService(
      config,
      tokens,
      queryHistory,
      s3,
      new RollupHousekeeping(repository, new LocalRollupStore(local), local, config),
    );
  }

  it('removes rollup files replaced longer ago than the grace period, and counts them', async () => {
    const replaced = join(dataDir, 'pre-aggregates', PROJECT, 'daily', `${BUILD}.parquet`);
    await mkdir(join(replaced, '..'), { recursive: true });
    await writeFile(replaced, '1234567');
    const rollups = {
      ...noStaleRollups,
      staleFilesAnywhere: jest.fn(async () => [
        { projectUuid: PROJECT, name: 'daily', buildUuid: BUILD, filePath: replaced, objectKey: null, bytes: 7 },
      ]),
      markFilesRemoved: jest.fn(async () => undefined),
    };
    await expect(service(null, rollups as unknown as PreAggregatesRepository).purgeExpired(now)).resolves.toEqual({
      tokensPurged: 2,
      queriesPurged: 1,
      filesPurged: 2,
      bytesFreed: 12,
    });
    expect(rollups.staleFilesAnywhere).toHaveBeenCalledWith(new Date(now.getTime() - 300_000));
    expect(rollups.markFilesRemoved).toHaveBeenCalledWith([BUILD]);
    await expect(readFile(replaced)).rejects.toThrow(/ENOENT/);
  });

  it('removes every rollup file of a deleted project, and nothing else', async () => {
    const kept = join(dataDir, 'pre-aggregates', PROJECT, 'daily', `${BUILD}.parquet`);
    const orphans = [
      join(dataDir, 'pre-aggregates', DELETED_PROJECT, 'daily', `${BUILD}.parquet`),
      join(dataDir, 'pre-aggregates', DELETED_PROJECT, 'hourly', `.${BUILD}.jsonl`),
    ];
    const notOurs = join(dataDir, 'pre-aggregates', 'README', 'x.txt');
    for (const file of [kept, ...orphans, notOurs]) {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, '123');
    }
    const existingProjects = jest.fn(async () => new Set([PROJECT]));
    const repository = { ...noStaleRollups, existingProjects } as unknown as PreAggregatesRepository;
    await expect(service(null, repository).purgeExpired(now)).resolves.toEqual({
      tokensPurged: 2,
      queriesPurged: 1,
      filesPurged: 3,
      bytesFreed: 11,
    });
    expect(existingProjects).toHaveBeenCalledWith(expect.arrayContaining([PROJECT, DELETED_PROJECT]));
    await expect(readdir(join(dataDir, 'pre-aggregates'))).resolves.toEqual(expect.arrayContaining([PROJECT, 'README']));
    await expect(readdir(join(dataDir, 'pre-aggregates'))).resolves.not.toContain(DELETED_PROJECT);
    await expect(readFile(kept, 'utf8')).resolves.toBe('123');
  });

  it('purges local files only, without S3', async () => {
    await expect(service(null).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 1, bytesFreed: 5 });
  });

  it('adds the S3 objects older than FILE_RETENTION_HOURS to the counts', async () => {
    const purgeOlderThan = jest.fn(async () => ({ files: 3, bytes: 300, failures: [{ key: 'exports/j/x', code: 'AccessDenied' }] }));
    await expect(service({ purgeOlderThan }).purgeExpired(now)).resolves.toEqual({
      tokensPurged: 2,
      queriesPurged: 1,
      filesPurged: 4,
      bytesFreed: 305,
    });
    expect(purgeOlderThan).toHaveBeenCalledWith(new Date(now.getTime() - retentionMs));
  });
});
