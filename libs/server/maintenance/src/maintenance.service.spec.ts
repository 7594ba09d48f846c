import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppConfig } from '@quarry/server/config';
import type { PreAggregatesRepository, QueryHistoryRepository, TokensRepository } from '@quarry/server/database';

import { MaintenanceService } from './maintenance.service';

describe('MaintenanceService.purgeExpired', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const retentionMs = 24 * 3_600_000;
  let dataDir: string;
  const tokens = { deleteExpired: jest.fn(async () => 2) } as unknown as TokensRepository;
  const queryHistory = { deleteOlderThan: jest.fn(async () => 1) } as unknown as QueryHistoryRepository;
  const noStaleRollups = { staleFilesAnywhere: jest.fn(async () => []), markFilesRemoved: jest.fn(async () => undefined) } as unknown as PreAggregatesRepository;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-maintenance-'));
    await mkdir(join(dataDir, 'files', 'exports', 'job'), { recursive: true });
    const old = join(dataDir, 'files', 'exports', 'job', 'old.csv');
    await writeFile(old, '12345');
    await utimes(old, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  function service(s3: ConstructorParameters<typeof MaintenanceService>[3], rollups: ConstructorParameters<typeof MaintenanceService>[4] = noStaleRollups) {
    return new MaintenanceService({ dataDir, maintenance: { fileRetentionMs: retentionMs }, preAggregates: { fileGraceMs: 300_000 } } as AppConfig, tokens, queryHistory, s3, rollups);
  }

  it('removes rollup files replaced longer ago than the grace period, and counts them', async () => {
    const replaced = join(dataDir, 'pre-aggregates', 'p', 'daily', 'b1.parquet');
    await mkdir(join(replaced, '..'), { recursive: true });
    await writeFile(replaced, '1234567');
    const rollups = { staleFilesAnywhere: jest.fn(async () => [{ buildUuid: 'b1', filePath: replaced }]), markFilesRemoved: jest.fn(async () => undefined) };
    await expect(service(null, rollups as unknown as PreAggregatesRepository).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 2, bytesFreed: 12 });
    expect(rollups.staleFilesAnywhere).toHaveBeenCalledWith(new Date(now.getTime() - 300_000));
    expect(rollups.markFilesRemoved).toHaveBeenCalledWith(['b1']);
    await expect(readFile(replaced)).rejects.toThrow(/ENOENT/);
  });

  it('purges local files only, without S3', async () => {
    await expect(service(null).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 1, bytesFreed: 5 });
  });

  it('adds the S3 objects older than FILE_RETENTION_HOURS to the counts', async () => {
    const purgeOlderThan = jest.fn(async () => ({ files: 3, bytes: 300, failures: [{ key: 'exports/j/x', code: 'AccessDenied' }] }));
    await expect(service({ purgeOlderThan }).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 4, bytesFreed: 305 });
    expect(purgeOlderThan).toHaveBeenCalledWith(new Date(now.getTime() - retentionMs));
  });
});
