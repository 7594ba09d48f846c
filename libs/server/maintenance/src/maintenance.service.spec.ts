import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AppConfig } from '@quarry/server/config';
import type { QueryHistoryRepository, TokensRepository } from '@quarry/server/database';

import { MaintenanceService } from './maintenance.service';

describe('MaintenanceService.purgeExpired', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const retentionMs = 24 * 3_600_000;
  let dataDir: string;
  const tokens = { deleteExpired: jest.fn(async () => 2) } as unknown as TokensRepository;
  const queryHistory = { deleteOlderThan: jest.fn(async () => 1) } as unknown as QueryHistoryRepository;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quarry-maintenance-'));
    await mkdir(join(dataDir, 'files', 'exports', 'job'), { recursive: true });
    const old = join(dataDir, 'files', 'exports', 'job', 'old.csv');
    await writeFile(old, '12345');
    await utimes(old, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  function service(s3: ConstructorParameters<typeof MaintenanceService>[3]) {
    return new MaintenanceService({ dataDir, maintenance: { fileRetentionMs: retentionMs } } as AppConfig, tokens, queryHistory, s3);
  }

  it('purges local files only, without S3', async () => {
    await expect(service(null).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 1, bytesFreed: 5 });
  });

  it('adds the S3 objects older than FILE_RETENTION_HOURS to the counts', async () => {
    const purgeOlderThan = jest.fn(async () => ({ files: 3, bytes: 300, failures: [{ key: 'exports/j/x', code: 'AccessDenied' }] }));
    await expect(service({ purgeOlderThan }).purgeExpired(now)).resolves.toEqual({ tokensPurged: 2, queriesPurged: 1, filesPurged: 4, bytesFreed: 305 });
    expect(purgeOlderThan).toHaveBeenCalledWith(new Date(now.getTime() - retentionMs));
  });
});
