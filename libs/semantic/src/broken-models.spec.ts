import { type AnyExplore, isExploreError, TransformProjectError } from '@quarry/domain';
import { JAFFLE_POSTGRES_CATALOG } from '@quarry/testing';

import { compileExplores, loadTransformProject } from './index';
import { compareWithReference } from './test/compare-with-reference';
import { readJaffleManifest, readReferenceExplores } from './test/jaffle-fixture';

type Node = {
  meta: Record<string, unknown>;
  config: { meta: Record<string, unknown> };
  columns: Record<string, { meta: Record<string, unknown> }>;
};

/** The fixture manifest with four models broken in four different ways (meta set on both meta and config.meta). */
function brokenManifest(): Record<string, unknown> {
  const manifest = readJaffleManifest();
  const nodes = manifest['nodes'] as Record<string, Node>;
  const node = (name: string): Node => nodes[`model.jaffle_shop.${name}`] as Node;
  const setModelMeta = (name: string, meta: Record<string, unknown>): void => {
    node(name).meta = { ...node(name).meta, ...meta };
    node(name).config.meta = { ...node(name).config.meta, ...meta };
  };
  node('stg_orders').columns['status']!.meta = { dimension: { sql: '${no_such_column} || ${TABLE}.status' } };
  node('stg_customers').columns['first_name']!.meta = { dimension: { sql: "${first_name} || ''" } };
  setModelMeta('events', { joins: [{ join: 'ghosts', sql_on: '${ghosts.id} = ${events.event_id}' }] });
  const toCustomers = { join: 'customers', alias: 'buyer', sql_on: '${buyer.customer_id} = ${users.customer_id}' };
  setModelMeta('users', { joins: [toCustomers, toCustomers] });
  return manifest;
}

describe('a broken model', () => {
  const explores = compileExplores(loadTransformProject({ kind: 'manifest', manifest: brokenManifest() }), {
    warehouseType: 'postgres',
    catalog: JAFFLE_POSTGRES_CATALOG,
  });
  const errorsOf = (name: string): string[] => {
    const explore = explores.find((candidate) => candidate.name === name) as AnyExplore;
    return isExploreError(explore) ? explore.errors.map((error) => `${error.type}: ${error.message}`) : [];
  };

  it('yields its explore with its errors listed', () => {
    expect(errorsOf('stg_orders')).toEqual([
      'FIELD_ERROR: ${no_such_column} in dimension "stg_orders.status": "no_such_column" is not a dimension of "stg_orders"',
    ]);
    expect(errorsOf('stg_customers')).toEqual(['FIELD_ERROR: dimension "stg_customers.first_name" references itself']);
    expect(errorsOf('events')).toEqual(['JOIN_ERROR: Explore "events" joins "ghosts", which is not a model of the project']);
    expect(errorsOf('users')).toEqual([
      'JOIN_ERROR: Explore "users" already has a table named "buyer": give the join of "customers" another alias',
    ]);
    expect(explores.find((explore) => explore.name === 'users')).toMatchObject({
      label: 'Users',
      baseTable: 'users',
      ymlPath: 'models/users.yml',
    });
  });

  it('leaves the other explores exactly as the reference builds them', () => {
    const healthy = ['customers', 'orders', 'payments', 'stg_payments'];
    expect(explores.filter((explore) => !isExploreError(explore)).map((explore) => explore.name)).toEqual(healthy);
    const result = compareWithReference(
      explores,
      readReferenceExplores().filter((reference) => healthy.includes(reference.name)),
    );
    expect(result.differences).toEqual([]);
    expect(result.matchingFields).toBe(result.totalFields);
  });
});

describe('an unsupported manifest', () => {
  it('is refused with a clear error', () => {
    const manifest = { ...readJaffleManifest(), metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v4.json' } };
    expect(() => loadTransformProject({ kind: 'manifest', manifest })).toThrow(
      new TransformProjectError(
        'Unsupported manifest schema version "https://schemas.getdbt.com/dbt/manifest/v4.json": supported versions are v7 to v12',
      ),
    );
  });
});

describe('the reference comparison', () => {
  it('names the explore and field of every difference', () => {
    const manifest = readJaffleManifest();
    const explores = compileExplores(loadTransformProject({ kind: 'manifest', manifest }), {
      warehouseType: 'postgres',
      catalog: JAFFLE_POSTGRES_CATALOG,
    });
    const orders = explores.find((explore) => explore.name === 'orders');
    if (!orders || isExploreError(orders)) throw new Error('orders should compile');
    orders.tables['orders']!.dimensions['status']!.compiledSql = 'changed';
    delete orders.tables['orders']!.metrics['total_order_amount'];
    const { differences, matchingFields, totalFields } = compareWithReference(
      [orders],
      readReferenceExplores().filter((reference) => reference.name === 'orders'),
    );
    expect(differences).toEqual([
      'orders / orders_status: compiledSql expected "\\"orders\\".status", got "changed"',
      'orders / orders_total_order_amount: field missing',
    ]);
    expect(totalFields - matchingFields).toBe(2);
  });
});
