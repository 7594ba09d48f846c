import { compileExplores, loadTransformProject } from '@quarry/semantic';
import { JAFFLE_POSTGRES_CATALOG, jaffleManifest, jaffleManifestWithCatalogMeta } from '@quarry/testing';

import { buildCatalogIndex } from './build-catalog-index';
import { CATEGORY_COLORS, categoryColor } from './category-color';

function explores(manifest: Record<string, unknown>) {
  return compileExplores(loadTransformProject({ kind: 'manifest', manifest }), {
    warehouseType: 'postgres',
    catalog: JAFFLE_POSTGRES_CATALOG,
  });
}

describe('buildCatalogIndex', () => {
  const index = buildCatalogIndex(explores(jaffleManifestWithCatalogMeta()));
  const item = (exploreName: string, name: string, type: 'table' | 'field' = 'field') =>
    index.items.find((entry) => entry.exploreName === exploreName && entry.name === name && entry.type === type);

  it('indexes each explore as a table with its joined tables, source and model', () => {
    expect(item('orders', 'orders', 'table')).toMatchObject({
      tableName: 'orders',
      label: 'Orders',
      modelName: 'orders',
      joinedTables: ['customers'],
      fieldType: null,
      spotlightCategories: ['sales'],
    });
    expect(item('payments', 'payments', 'table')?.joinedTables).toEqual(['orders', 'customers']);
  });

  it("indexes the base table's dimensions and metrics, not joined tables' nor interval children", () => {
    const orderFields = index.items.filter((entry) => entry.exploreName === 'orders' && entry.type === 'field');
    expect(orderFields.every((entry) => entry.tableName === 'orders')).toBe(true);
    expect(orderFields.map((entry) => entry.name)).toContain('order_date');
    expect(orderFields.map((entry) => entry.name)).not.toContain('order_date_month');
    expect(orderFields.map((entry) => entry.name)).not.toContain('first_name');
  });

  it('records value types, basic types, hidden flags and descriptions', () => {
    expect(item('orders', 'total_order_amount')).toMatchObject({
      fieldType: 'metric',
      fieldValueType: 'sum',
      basicType: 'number',
      hidden: false,
    });
    expect(item('orders', 'date_of_first_order')).toMatchObject({ fieldValueType: 'min', basicType: 'date' });
    expect(item('orders', 'amount')).toMatchObject({ fieldType: 'dimension', basicType: 'number', hidden: true });
    expect(item('payments', 'total_revenue')?.description).toBe('Sum of all payments');
  });

  it('carries spotlight visibility and categories, AI hints, tags and required attributes', () => {
    expect(item('orders', 'total_order_amount')).toMatchObject({
      spotlightVisibility: 'show',
      spotlightCategories: ['sales', 'finance'],
      aiHints: ['Revenue before refunds'],
      tags: ['kpi'],
    });
    expect(item('orders', 'average_order_size')?.spotlightVisibility).toBe('hide');
    expect(item('orders', 'unique_order_count')?.requiredAttributes).toEqual([{ mode: 'all', attributes: { is_admin: 'true' } }]);
    expect(item('orders', 'total_order_amount')?.requiredAttributes).toEqual([]);
  });

  it('makes one coloured tag per category named in the project', () => {
    expect(index.tags).toEqual([
      { yamlReference: 'finance', name: 'finance', color: categoryColor('finance') },
      { yamlReference: 'sales', name: 'sales', color: categoryColor('sales') },
    ]);
    expect(CATEGORY_COLORS).toContain(categoryColor('sales'));
    expect(buildCatalogIndex(explores(jaffleManifest())).tags).toEqual([]);
  });

  it('hides the fields of a hidden table', () => {
    const compiled = explores(jaffleManifest());
    const orders = compiled.find((explore) => explore.name === 'orders');
    if (!orders || 'errors' in orders) throw new Error('no orders explore');
    const hiddenOrders = { ...orders, tables: { ...orders.tables, orders: { ...orders.tables['orders'], hidden: true } } } as typeof orders;
    const items = buildCatalogIndex([hiddenOrders]).items.filter((entry) => entry.type === 'field');
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((entry) => entry.hidden)).toBe(true);
  });

  it('gives every item its own uuid', () => {
    expect(new Set(index.items.map((entry) => entry.catalogSearchUuid)).size).toBe(index.items.length);
  });
});
