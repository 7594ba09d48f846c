import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadProjectFolder, resolveLocalProjectDir } from './local-project';

describe('local transform projects', () => {
  let dataDir: string;
  let outside: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quarry-data-'));
    outside = mkdtempSync(join(tmpdir(), 'quarry-outside-'));
    mkdirSync(join(dataDir, 'projects', 'shop', 'models'), { recursive: true });
    writeFileSync(join(dataDir, 'projects', 'shop', 'dbt_project.yml'), 'name: shop\n');
    writeFileSync(join(dataDir, 'projects', 'shop', 'models', 'orders.yml'), 'version: 2\nmodels:\n  - name: orders\n');
    writeFileSync(join(outside, 'dbt_project.yml'), 'name: secret\n');
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('accepts a folder under DATA_DIR, relative or absolute', () => {
    expect(resolveLocalProjectDir('projects/shop', dataDir, [dataDir])).toMatch(/projects\/shop$/);
    expect(resolveLocalProjectDir(join(dataDir, 'projects/shop'), dataDir, [dataDir])).toMatch(/projects\/shop$/);
  });

  it('refuses folders outside the allowed roots, also through a symlink, naming the field', () => {
    symlinkSync(outside, join(dataDir, 'projects', 'sneaky'));
    for (const dir of [outside, '../..', 'projects/sneaky']) {
      expect(() => resolveLocalProjectDir(dir, dataDir, [dataDir])).toThrow(
        expect.objectContaining({ name: 'TransformProjectError', data: { field: 'transformConnection.project_dir' } }),
      );
    }
    expect(resolveLocalProjectDir(outside, dataDir, [dataDir, outside])).toBeTruthy();
  });

  it('refuses a missing folder or one without dbt_project.yml', () => {
    expect(() => resolveLocalProjectDir('projects/none', dataDir, [dataDir])).toThrow(/does not exist/);
    expect(() => resolveLocalProjectDir('projects/shop/models', dataDir, [dataDir])).toThrow(/no dbt_project.yml/);
  });

  it('reads the YAML files, or target/manifest.json when the project was compiled', async () => {
    const dir = join(dataDir, 'projects', 'shop');
    const yaml = await loadProjectFolder(dir);
    expect(yaml).toMatchObject({ kind: 'yaml', files: { 'dbt_project.yml': 'name: shop\n', 'models/orders.yml': expect.stringContaining('orders') } });

    mkdirSync(join(dir, 'target'));
    writeFileSync(join(dir, 'target', 'manifest.json'), '{"nodes":{}}');
    await expect(loadProjectFolder(dir)).resolves.toEqual({ kind: 'manifest', manifest: { nodes: {} } });

    writeFileSync(join(dir, 'target', 'manifest.json'), '{broken');
    await expect(loadProjectFolder(dir)).rejects.toThrow(/not valid JSON/);
  });
});
