import { randomUUID } from 'node:crypto';

import {
  type AiHint,
  type AnyExplore,
  type CompiledTable,
  type Dimension,
  type Explore,
  isExploreError,
  type Metric,
  type RequiredAttributes,
} from '@quarry/domain';
import type { CatalogAttributeRule, CatalogItem, CatalogTag } from '@quarry/server/database';

import { metricBasicType } from './basic-type';
import { categoryColor } from './category-color';

export interface CatalogIndex {
  items: CatalogItem[];
  tags: Array<Omit<CatalogTag, 'tagUuid'>>;
}

/**
 * The catalog of a project's explores: for each explore that compiled, its base table and that
 * table's dimensions and metrics (a joined table's fields are catalogued under its own explore).
 * Interval children (`order_date_month`) are left out: they are views of their base dimension.
 */
export function buildCatalogIndex(explores: readonly AnyExplore[]): CatalogIndex {
  const items: CatalogItem[] = [];
  const categories = new Set<string>();
  for (const explore of explores) {
    if (isExploreError(explore)) continue;
    const table = explore.tables[explore.baseTable];
    if (!table) continue;
    const tableRules = attributeRules(table.requiredAttributes, table.anyAttributes);
    items.push(tableItem(explore, table, tableRules));
    for (const dimension of Object.values(table.dimensions)) {
      if (dimension.timeIntervalBaseDimensionName) continue;
      items.push(dimensionItem(explore, table, dimension, tableRules));
    }
    for (const metric of Object.values(table.metrics)) {
      const item = metricItem(explore, table, metric, tableRules);
      item.spotlightCategories.forEach((category) => categories.add(category));
      items.push(item);
    }
  }
  const tags = [...categories].sort().map((yamlReference) => ({ yamlReference, name: yamlReference, color: categoryColor(yamlReference) }));
  return { items, tags };
}

function tableItem(explore: Explore, table: CompiledTable, rules: CatalogAttributeRule[]): CatalogItem {
  return {
    ...common(explore, table, rules),
    type: 'table',
    fieldType: null,
    name: explore.name,
    label: explore.label,
    description: table.description ?? explore.description ?? null,
    fieldValueType: null,
    basicType: null,
    hidden: table.hidden ?? false,
    spotlightVisibility: table.spotlight?.visibility ?? 'show',
    spotlightCategories: table.spotlight?.categories ?? [],
    aiHints: hints(table.aiHint ?? explore.aiHint),
    tags: explore.tags,
    modelName: table.originalName ?? table.name,
    source: explore.ymlPath ?? null,
    joinedTables: explore.joinedTables.map((join) => join.table),
  };
}

function dimensionItem(explore: Explore, table: CompiledTable, dimension: Dimension, rules: CatalogAttributeRule[]): CatalogItem {
  return {
    ...common(explore, table, [...rules, ...attributeRules(dimension.requiredAttributes, dimension.anyAttributes)]),
    ...fieldText(dimension),
    type: 'field',
    fieldType: 'dimension',
    fieldValueType: dimension.type,
    basicType: dimension.type,
    // A hidden table hides its fields from the catalog too.
    hidden: dimension.hidden || (table.hidden ?? false),
    spotlightVisibility: 'show',
    spotlightCategories: [],
  };
}

function metricItem(explore: Explore, table: CompiledTable, metric: Metric, rules: CatalogAttributeRule[]): CatalogItem {
  const referenced = metric.dimensionReference
    ? Object.values(table.dimensions).find((d) => `${d.table}_${d.name}` === metric.dimensionReference)
    : undefined;
  return {
    ...common(explore, table, [...rules, ...attributeRules(metric.requiredAttributes, metric.anyAttributes)]),
    ...fieldText(metric),
    type: 'field',
    fieldType: 'metric',
    fieldValueType: metric.type,
    basicType: metricBasicType(metric, referenced?.type),
    hidden: metric.hidden || (table.hidden ?? false),
    spotlightVisibility: metric.spotlight?.visibility ?? 'show',
    spotlightCategories: metric.spotlight?.categories ?? [],
  };
}

function common(explore: Explore, table: CompiledTable, rules: CatalogAttributeRule[]) {
  return {
    catalogSearchUuid: randomUUID(),
    exploreName: explore.name,
    tableName: explore.baseTable,
    tableLabel: table.label,
    tableGroupLabel: explore.groupLabel ?? table.groupLabel ?? null,
    requiredAttributes: rules,
    modelName: null,
    source: null,
    joinedTables: [],
  };
}

function fieldText(field: Dimension | Metric) {
  return {
    name: field.name,
    label: field.label,
    description: field.description ?? null,
    aiHints: hints(field.aiHint),
    tags: field.tags ?? [],
  };
}

function hints(aiHint: AiHint | undefined): string[] | null {
  if (aiHint === undefined) return null;
  return Array.isArray(aiHint) ? aiHint : [aiHint];
}

function attributeRules(required: RequiredAttributes | undefined, any: RequiredAttributes | undefined): CatalogAttributeRule[] {
  return [
    ...(required && Object.keys(required).length > 0 ? [{ mode: 'all' as const, attributes: required }] : []),
    ...(any && Object.keys(any).length > 0 ? [{ mode: 'any' as const, attributes: any }] : []),
  ];
}
