import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  loadProjectFolder,
  type LocalProjectFolders,
  localProjectFolders,
  resolveClonedProjectDir,
  resolveLocalProjectDir,
} from './local-project';

const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';

describe('local transform projects', () => {
  let dataDir: string;
  let outside: string;
  let folders: LocalProjectFolders;
  let shop: string;

  const writeShop = (dir: string) => {
    mkdirSync(join(dir, 'models'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\n');
    writeFileSync(join(dir, 'models', 'orders.yml'), 'version: 2\nmodels:\n  - name: orders\n');
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quarry-data-'));
    outside = mkdtempSync(join(tmpdir(), 'quarry-outside-'));
    folders = localProjectFolders(dataDir, ORG, []);
    shop = join(folders.organizationFolder, 'projects', 'shop');
    writeShop(shop);
    writeShop(join(localProjectFolders(dataDir, OTHER_ORG, []).organizationFolder, 'projects', 'theirs'));
    writeFileSync(join(outside, 'dbt_project.yml'), 'name: secret\n');
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("accepts a folder in the organization's folder, relative or absolute", () => {
    expect(resolveLocalProjectDir('projects/shop', folders)).toMatch(/projects\/shop$/);
    expect(resolveLocalProjectDir(shop, folders)).toMatch(/projects\/shop$/);
  });

  it("refuses folders outside the organization's folder (another organization's, DATA_DIR's, a link out), naming the field", () => {
    symlinkSync(outside, join(folders.organizationFolder, 'projects', 'sneaky'));
    const theirs = join(dataDir, 'organizations', OTHER_ORG, 'projects', 'theirs');
    symlinkSync(theirs, join(folders.organizationFolder, 'projects', 'linked'));
    for (const dir of [outside, '../..', 'projects/sneaky', 'projects/linked', `../${OTHER_ORG}/projects/theirs`, theirs]) {
      expect(() => resolveLocalProjectDir(dir, folders)).toThrow(
        expect.objectContaining({ name: 'TransformProjectError', data: { field: 'transformConnection.project_dir' } }),
      );
    }
  });

  it('allows shared roots outside DATA_DIR, never DATA_DIR through one', () => {
    expect(resolveLocalProjectDir(outside, { ...folders, sharedRoots: [outside] })).toBeTruthy();
    const theirs = join(dataDir, 'organizations', OTHER_ORG, 'projects', 'theirs');
    expect(() => resolveLocalProjectDir(theirs, { ...folders, sharedRoots: ['/'] })).toThrow(/outside the allowed folders/);
  });

  it('refuses a missing folder or one without dbt_project.yml', () => {
    expect(() => resolveLocalProjectDir('projects/none', folders)).toThrow(/does not exist/);
    expect(() => resolveLocalProjectDir('projects/shop/models', folders)).toThrow(/no dbt_project.yml/);
  });

  it('refuses a symbolic link leading out of the project, naming the file and never its content', () => {
    mkdirSync(join(shop, 'target'));
    symlinkSync('/etc/passwd', join(shop, 'target', 'manifest.json'));
    expect(() => resolveLocalProjectDir('projects/shop', folders)).toThrow(/target\/manifest\.json is a symbolic link that leads outside/);
    rmSync(join(shop, 'target'), { recursive: true });
    symlinkSync(join(outside, 'dbt_project.yml'), join(shop, 'models', 'secret.yml'));
    expect(() => resolveLocalProjectDir('projects/shop', folders)).toThrow(/models\/secret\.yml is a symbolic link/);
    rmSync(join(shop, 'models', 'secret.yml'));
    // A link that stays inside the project is the project's own file.
    symlinkSync(join(shop, 'models', 'orders.yml'), join(shop, 'models', 'again.yml'));
    expect(resolveLocalProjectDir('projects/shop', folders)).toMatch(/projects\/shop$/);
  });

  it('checks a cloned repository the same way', () => {
    mkdirSync(join(outside, 'repo', 'target'), { recursive: true });
    writeFileSync(join(outside, 'repo', 'dbt_project.yml'), 'name: repo\n');
    expect(resolveClonedProjectDir(join(outside, 'repo'), '.')).toMatch(/repo$/);
    expect(() => resolveClonedProjectDir(join(outside, 'repo'), '../..')).toThrow(/project_sub_path/);
    symlinkSync('/etc/passwd', join(outside, 'repo', 'target', 'manifest.json'));
    expect(() => resolveClonedProjectDir(join(outside, 'repo'), '.')).toThrow(/target\/manifest\.json/);
  });

  it('reads the YAML files, or target/manifest.json when the project was compiled, never quoting a bad file', async () => {
    const yaml = await loadProjectFolder(shop);
    expect(yaml).toMatchObject({
      kind: 'yaml',
      files: { 'dbt_project.yml': 'name: shop\n', 'models/orders.yml': expect.stringContaining('orders') },
    });

    mkdirSync(join(shop, 'target'));
    writeFileSync(join(shop, 'target', 'manifest.json'), '{"nodes":{}}');
    await expect(loadProjectFolder(shop)).resolves.toEqual({ kind: 'manifest', manifest: { nodes: {} } });

    writeFileSync(join(shop, 'target', 'manifest.json'), 'root:x:0:0:root:/root:/bin/bash');
    await expect(loadProjectFolder(shop)).rejects.toThrow(/not valid JSON/);
    await expect(loadProjectFolder(shop)).rejects.not.toThrow(/root:x/);
  });
});
