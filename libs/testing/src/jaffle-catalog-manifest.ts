import { jaffleManifest } from './jaffle-fixture';

type Meta = Record<string, unknown>;

/**
 * The jaffle manifest with the catalog and metrics-explorer metadata the fixture lacks: the
 * `orders` model gets spotlight category `sales` and a default time dimension (order_date by
 * month); `total_order_amount` gets category `finance`, an AI hint and a tag;
 * `average_order_size` is hidden from the spotlight; `unique_order_count` requires the user
 * attribute `is_admin`. The metadata is set where dbt puts it: in `meta` and `config.meta`.
 */
export function jaffleManifestWithCatalogMeta(): Record<string, unknown> {
  const manifest = jaffleManifest();
  const nodes = manifest['nodes'] as Record<
    string,
    { meta: Meta; config: { meta: Meta }; columns: Record<string, { meta: Meta; config?: { meta?: Meta } }> }
  >;
  const orders = nodes['model.jaffle_shop.orders'];
  if (!orders) throw new Error('the jaffle manifest has no orders model');
  const modelMeta = { spotlight: { categories: ['sales'] }, default_time_dimension: { field: 'order_date', interval: 'MONTH' } };
  Object.assign(orders.meta, modelMeta);
  Object.assign(orders.config.meta, modelMeta);
  const patchMetric = (column: string, metric: string, patch: Meta): void => {
    const columnNode = orders.columns[column];
    const metas = [columnNode?.meta, columnNode?.config?.meta].filter((meta): meta is Meta => meta !== undefined);
    for (const meta of metas) {
      const metrics = meta['metrics'] as Record<string, Meta> | undefined;
      if (metrics?.[metric]) Object.assign(metrics[metric], patch);
    }
  };
  patchMetric('amount', 'total_order_amount', { spotlight: { categories: ['finance'] }, ai_hint: 'Revenue before refunds', tags: ['kpi'] });
  patchMetric('amount', 'average_order_size', { spotlight: { visibility: 'hide' } });
  patchMetric('order_id', 'unique_order_count', { required_attributes: { is_admin: 'true' } });
  return manifest;
}
