import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { isExploreError } from '@quarry/domain';
import { JAFFLE_POSTGRES_CATALOG } from '@quarry/testing';

import { compileExplores, loadTransformProject, readYamlProjectFromDirectory, relationsOf } from './index';
import { readJaffleManifest } from './test/jaffle-fixture';
import { manifestToYamlProject } from './test/manifest-to-yaml-project';

const options = { warehouseType: 'postgres' as const, catalog: JAFFLE_POSTGRES_CATALOG, now: new Date('2024-01-01T00:00:00Z') };

describe('YAML-only transform projects', () => {
  const manifest = readJaffleManifest();
  const files = manifestToYamlProject(manifest);
  const fromManifest = compileExplores(loadTransformProject({ kind: 'manifest', manifest }), options);

  it('yield the same explores as the manifest they were generated from', () => {
    const fromYaml = compileExplores(loadTransformProject({ kind: 'yaml', files }), options);
    expect(fromManifest.some(isExploreError)).toBe(false);
    expect(fromYaml).toEqual(fromManifest);
  });

  it('name the same relations as the manifest', () => {
    const yamlProject = loadTransformProject({ kind: 'yaml', files });
    const manifestProject = loadTransformProject({ kind: 'manifest', manifest });
    expect(relationsOf(yamlProject)).toEqual(relationsOf(manifestProject));
    expect(relationsOf(yamlProject)).toContainEqual({ database: 'postgres', schema: 'jaffle', table: 'orders' });
  });

  it('are read from a folder on disk, skipping build output and packages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-yaml-project-'));
    try {
      const extra = {
        'target/manifest.yml': 'models: not-a-list',
        'dbt_packages/pkg/models/x.yml': 'models: [{name: pkg_model}]',
        'node_modules/a/b.yml': '{',
      };
      for (const [path, contents] of Object.entries({ ...files, ...extra })) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), contents);
      }
      const read = readYamlProjectFromDirectory(dir);
      expect(read).toEqual(files);
      expect(compileExplores(loadTransformProject({ kind: 'yaml', files: read }), options)).toEqual(fromManifest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
