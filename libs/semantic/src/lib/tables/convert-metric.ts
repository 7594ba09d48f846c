import { fieldId, type MetricSpotlight, type TableSpotlight, type TimeFrame } from '@quarry/domain';

import { parseModelFilters } from '../filters/parse-model-filters';
import type { MetricMeta } from '../meta/field-meta';
import { definedOnly } from '../meta/meta-reader';
import { friendlyName } from '../util/friendly-name';
import { unique } from '../util/unique';
import type { DimensionDraft, MetricDraft } from './table-draft';

export interface MetricOwner {
  tableName: string;
  tableLabel: string;
  defaultTimeDimension?: { field: string; interval: TimeFrame };
  spotlight?: TableSpotlight;
}

/**
 * A metric declared on a column (`dimension` given: its sql defaults to the dimension's, and
 * its description to "Sum of Amount") or on the model (its own sql, required).
 */
export function convertMetric(owner: MetricOwner, name: string, meta: MetricMeta, index: number, dimension?: DimensionDraft): MetricDraft {
  const sql = meta.sql ?? dimension?.sql;
  if (sql === undefined) throw new Error(`Metric "${name}" needs sql`);
  const defaultTimeDimension = meta.defaultTimeDimension ?? owner.defaultTimeDimension;
  return definedOnly({
    fieldType: 'metric' as const,
    name,
    label: meta.label ?? friendlyName(name),
    table: owner.tableName,
    tableLabel: owner.tableLabel,
    type: meta.type,
    sql,
    description: meta.description ?? (dimension ? `${friendlyName(meta.type)} of ${dimension.label}` : undefined),
    hidden: meta.hidden ?? false,
    index,
    format: meta.format,
    round: meta.round,
    compact: meta.compact,
    separator: meta.separator,
    groups: meta.groups && meta.groups.length > 0 ? meta.groups : undefined,
    urls: meta.urls,
    tags: meta.tags,
    requiredAttributes: meta.requiredAttributes,
    anyAttributes: meta.anyAttributes,
    aiHint: meta.aiHint,
    dimensionReference: dimension ? fieldId(owner.tableName, dimension.name) : undefined,
    filters: parseModelFilters(meta.filters ?? [], fieldId(owner.tableName, `${name}_filter`)),
    percentile: meta.percentile,
    showUnderlyingValues: meta.showUnderlyingValues,
    distinctKeys: meta.distinctKeys,
    defaultTimeDimension,
    spotlight: metricSpotlight(meta.spotlight, owner.spotlight),
  });
}

/** The metric's own visibility wins over the model's; categories from both apply. */
function metricSpotlight(own: MetricMeta['spotlight'], model: TableSpotlight | undefined): MetricSpotlight {
  return {
    visibility: own?.visibility ?? model?.visibility ?? 'show',
    categories: unique([...(model?.categories ?? []), ...(own?.categories ?? [])]),
  };
}
