import { TransformProjectError } from '@quarry/domain';

import { testManifest } from '../../test/test-manifest';
import { loadManifest } from './load-manifest';
import { manifestSchemaVersion, SUPPORTED_MANIFEST_VERSIONS } from './manifest-version';

describe('manifest schema versions', () => {
  it.each(SUPPORTED_MANIFEST_VERSIONS)('reads schema v%i', (version) => {
    expect(manifestSchemaVersion(testManifest([], { version }))).toBe(version);
  });

  it.each([6, 13])('refuses schema v%i, naming the supported versions', (version) => {
    expect(() => loadManifest(testManifest([], { version }))).toThrow(TransformProjectError);
    expect(() => loadManifest(testManifest([], { version }))).toThrow(
      `Unsupported manifest schema version "https://schemas.getdbt.com/dbt/manifest/v${version}.json": supported versions are v7 to v12`,
    );
  });

  it('refuses something that is not a manifest', () => {
    expect(() => loadManifest({ nodes: {} })).toThrow('Not a transform manifest: metadata.dbt_schema_version is missing');
    expect(() => loadManifest('{}')).toThrow(TransformProjectError);
  });
});

describe('loadManifest', () => {
  it('keeps models and seeds, not ephemeral or disabled models', () => {
    const manifest = testManifest([
      { name: 'a' },
      { name: 'b', resourceType: 'seed' },
      { name: 'c', materialized: 'ephemeral' },
      { name: 'd' },
    ]);
    (
      (manifest['nodes'] as Record<string, Record<string, Record<string, unknown>>>)['model.test.d'] as Record<
        string,
        Record<string, unknown>
      >
    )['config']!['enabled'] = false;
    expect(loadManifest(manifest).models.map((model) => [model.name, model.resourceType])).toEqual([
      ['a', 'model'],
      ['b', 'seed'],
    ]);
  });

  it('merges meta with config.meta winning deeply, for models and columns', () => {
    const manifest = testManifest([{ name: 'a', meta: { label: 'Old', sql_filter: 'x' }, configMeta: { label: 'New' } }]);
    const node = (manifest['nodes'] as Record<string, Record<string, unknown>>)['model.test.a'] as Record<string, unknown>;
    node['columns'] = {
      id: { name: 'id', meta: { dimension: { type: 'string', hidden: true } }, config: { meta: { dimension: { type: 'number' } } } },
    };
    const [model] = loadManifest(manifest).models;
    expect(model?.meta).toEqual({ label: 'New', sql_filter: 'x' });
    expect(model?.columns[0]?.meta).toEqual({ dimension: { type: 'number', hidden: true } });
  });

  it('takes config.tags when set, else tags', () => {
    const [withConfig, withoutConfig] = loadManifest(
      testManifest([
        { name: 'a', tags: ['old'], configTags: ['new'] },
        { name: 'b', tags: ['only'] },
      ]),
    ).models;
    expect(withConfig?.tags).toEqual(['new']);
    expect(withoutConfig?.tags).toEqual(['only']);
  });

  it('keeps relation, paths and a null database as the manifest has them', () => {
    const [model] = loadManifest(testManifest([{ name: 'a', database: null, schema: 's', alias: 'a_table' }])).models;
    expect(model).toMatchObject({
      database: null,
      schema: 's',
      alias: 'a_table',
      relationName: '"s"."a_table"',
      ymlPath: 'models/a.yml',
      sqlPath: 'models/a.sql',
    });
  });
});
