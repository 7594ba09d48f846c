import type { CatalogItem, CatalogTag } from '@quarry/server/database';

import { requiredAttributesOf } from './access/attribute-access';

/** A catalog entry on the wire (the spec's CatalogEntry). */
export interface CatalogEntryView {
  catalogSearchUuid: string;
  type: 'table' | 'field';
  name: string;
  label: string;
  description: string | null;
  fieldType: 'dimension' | 'metric' | null;
  tableName: string;
  tableLabel: string;
  tableGroupLabel: string | null;
  basicType: string | null;
  fieldValueType: string | null;
  requiredAttributes: Record<string, string | string[]>;
  searchRank: number;
  aiHints: string[] | null;
  icon: { unicode: string } | null;
  chartUsage: number;
  categories: Array<{ tagUuid: string; name: string; color: string; yamlReference: string }>;
  tags: string[];
}

export function toCatalogEntry(
  item: CatalogItem & { searchRank?: number },
  tagsByReference: ReadonlyMap<string, CatalogTag>,
  chartUsage: number,
): CatalogEntryView {
  return {
    catalogSearchUuid: item.catalogSearchUuid,
    type: item.type,
    name: item.name,
    label: item.label,
    description: item.description,
    fieldType: item.fieldType,
    tableName: item.tableName,
    tableLabel: item.tableLabel,
    tableGroupLabel: item.tableGroupLabel,
    basicType: item.basicType,
    fieldValueType: item.fieldValueType,
    requiredAttributes: requiredAttributesOf(item.requiredAttributes),
    searchRank: item.searchRank ?? 0,
    aiHints: item.aiHints,
    // Icons are chosen in the reference's UI; no transform project sets one.
    icon: null,
    chartUsage,
    categories: item.spotlightCategories.flatMap((reference) => {
      const tag = tagsByReference.get(reference);
      return tag ? [{ tagUuid: tag.tagUuid, name: tag.name, color: tag.color, yamlReference: tag.yamlReference }] : [];
    }),
    tags: item.tags,
  };
}
