import { TransformProjectError } from '@quarry/domain';
import { stringify } from 'yaml';

import { loadYamlProject } from './load-yaml-project';

const profiles = (output: Record<string, unknown>): string =>
  stringify({ shop: { target: 'dev', outputs: { dev: output, prod: { ...output, schema: 'prod' } } } });

function project(files: Record<string, string>, dbtProject: Record<string, unknown> = {}): Record<string, string> {
  return {
    'dbt_project.yml': stringify({ name: 'shop', profile: 'shop', ...dbtProject }),
    'profiles.yml': profiles({ type: 'postgres', dbname: 'warehouse', schema: 'analytics' }),
    ...files,
  };
}

const ordersYml = stringify({
  version: 2,
  models: [
    {
      name: 'orders',
      description: 'One row per order',
      meta: { label: 'Orders', joins: [{ join: 'customers', sql_on: 'x' }] },
      config: { meta: { label: 'All orders' }, tags: ['finance'] },
      columns: [{ name: 'id', description: 'Key', meta: { dimension: { type: 'number' } } }, { name: 'status' }],
    },
  ],
});

describe('loadYamlProject', () => {
  it('reads models, columns and meta from properties files, config.meta winning', () => {
    const { models, projectName } = loadYamlProject({ files: project({ 'models/orders.yml': ordersYml }) });
    expect(projectName).toBe('shop');
    expect(models).toEqual([
      {
        uniqueId: 'model.shop.orders',
        resourceType: 'model',
        name: 'orders',
        alias: 'orders',
        database: 'warehouse',
        schema: 'analytics',
        description: 'One row per order',
        meta: { label: 'All orders', joins: [{ join: 'customers', sql_on: 'x' }] },
        tags: ['finance'],
        columns: [
          { name: 'id', description: 'Key', meta: { dimension: { type: 'number' } } },
          { name: 'status', description: '', meta: {} },
        ],
        ymlPath: 'models/orders.yml',
      },
    ]);
  });

  it('applies dbt_project.yml config by folder: custom schema, alias, database, meta and tags', () => {
    const files = project(
      {
        'models/marts/finance/orders.yml': ordersYml,
        'models/marts/finance/orders.sql': 'select 1',
        'models/staging/stg.yml': stringify({ models: [{ name: 'stg_orders', config: { alias: 'orders_v2', schema: 'raw' } }] }),
      },
      {
        'model-paths': ['models'],
        models: {
          '+tags': ['all'],
          shop: {
            materialized: 'table',
            '+meta': { group_label: 'Shop', spotlight: { visibility: 'show' } },
            marts: {
              '+schema': 'marts',
              finance: { '+database': 'finance_db', '+meta': { group_label: 'Finance' }, orders: { '+alias': 'fct_orders' } },
            },
            staging: { '+schema': 'staging', '+materialized': 'view' },
          },
        },
      },
    );
    const [orders, staging] = loadYamlProject({ files }).models;
    expect(orders).toMatchObject({
      database: 'finance_db',
      schema: 'analytics_marts',
      alias: 'fct_orders',
      materialized: 'table',
      tags: ['all', 'finance'],
      meta: { group_label: 'Finance', spotlight: { visibility: 'show' }, label: 'All orders' },
      sqlPath: 'models/marts/finance/orders.sql',
    });
    expect(staging).toMatchObject({ database: 'warehouse', schema: 'analytics_raw', alias: 'orders_v2', materialized: 'view' });
  });

  it('leaves out disabled and ephemeral models, keeps SQL-only models without columns', () => {
    const files = project({
      'models/a.yml': stringify({
        models: [{ name: 'a', config: { enabled: false } }, { name: 'b', config: { materialized: 'ephemeral' } }, { name: 'c' }],
      }),
      'models/d.sql': 'select 1',
    });
    expect(loadYamlProject({ files }).models.map((model) => [model.name, model.columns.length])).toEqual([
      ['c', 0],
      ['d', 0],
    ]);
  });

  it('reads seeds declared in properties files under seed paths', () => {
    const files = project(
      { 'data/seeds.yml': stringify({ seeds: [{ name: 'raw_orders', columns: [{ name: 'id' }] }] }) },
      { 'seed-paths': ['data'], seeds: { shop: { '+schema': 'raw' } } },
    );
    expect(loadYamlProject({ files }).models).toMatchObject([
      { resourceType: 'seed', name: 'raw_orders', schema: 'analytics_raw', materialized: 'seed' },
    ]);
  });

  it('uses a given target location instead of profiles.yml, and another profile target on request', () => {
    const files = project({ 'models/orders.yml': ordersYml });
    delete files['profiles.yml'];
    expect(loadYamlProject({ files, target: { database: 'other', schema: 'main' } }).models[0]).toMatchObject({
      database: 'other',
      schema: 'main',
    });
    expect(loadYamlProject({ files: project({ 'models/orders.yml': ordersYml }), targetName: 'prod' }).models[0]).toMatchObject({
      schema: 'prod',
    });
  });

  it.each([
    [
      { type: 'duckdb', path: '/data/jaffle_shop.duckdb', schema: 'jaffle' },
      { database: 'jaffle_shop', schema: 'jaffle' },
    ],
    [
      { type: 'duckdb', path: '/data/jaffle_shop.duckdb', database: 'named' },
      { database: 'named', schema: 'main' },
    ],
    [
      { type: 'bigquery', project: 'my-project', dataset: 'shop' },
      { database: 'my-project', schema: 'shop' },
    ],
    [
      { type: 'snowflake', database: 'ANALYTICS', schema: 'PUBLIC' },
      { database: 'ANALYTICS', schema: 'PUBLIC' },
    ],
    [
      { type: 'databricks', catalog: 'main', schema: 'shop' },
      { database: 'main', schema: 'shop' },
    ],
    [
      { type: 'trino', database: 'hive', schema: 'shop' },
      { database: 'hive', schema: 'shop' },
    ],
    [
      { type: 'clickhouse', schema: 'shop' },
      { database: null, schema: 'shop' },
    ],
  ])('reads the target location of %j', (output, expected) => {
    const files = { ...project({ 'models/orders.yml': ordersYml }), 'profiles.yml': profiles(output) };
    expect(loadYamlProject({ files }).models[0]).toMatchObject(expected);
  });

  it("renders env_var('…') in profiles.yml from the given environment", () => {
    const files = {
      ...project({ 'models/orders.yml': ordersYml }),
      'profiles.yml': profiles({ type: 'postgres', dbname: "{{ env_var('DB') }}", schema: "{{ env_var('SCHEMA', 'fallback') }}" }),
    };
    expect(loadYamlProject({ files, env: { DB: 'from_env' } }).models[0]).toMatchObject({ database: 'from_env', schema: 'fallback' });
    expect(() => loadYamlProject({ files })).toThrow('reads the environment variable DB, which is not set');
  });

  it('reports what is wrong with the project files', () => {
    expect(() => loadYamlProject({ files: {} })).toThrow(
      new TransformProjectError('The transform project has no dbt_project.yml at its root'),
    );
    expect(() => loadYamlProject({ files: project({ 'models/bad.yml': 'models: [' }) })).toThrow(/Invalid YAML in models\/bad.yml/);
    expect(() => loadYamlProject({ files: project({ 'models/a.yml': 'models: {orders: {}}' }) })).toThrow(
      'models/a.yml: "models" must be a list',
    );
    expect(() => loadYamlProject({ files: project({ 'models/a.yml': ordersYml, 'models/b.yml': ordersYml }) })).toThrow(
      '"orders" is declared twice (models/a.yml and models/b.yml)',
    );
    expect(() => loadYamlProject({ files: { ...project({}), 'profiles.yml': stringify({ other: {} }) } })).toThrow(
      'profiles.yml has no profile "shop" with outputs',
    );
  });
});
