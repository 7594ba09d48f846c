import type { CatalogEntryView } from './catalog-entry';

export const METRICS_CATALOG_SORTS = ['name', 'label', 'tableLabel', 'chartUsage', 'searchRank'] as const;
export type MetricsCatalogSort = (typeof METRICS_CATALOG_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * Orders catalog entries by `sort` (default: best search match first when searching, else by
 * name); ties fall back to name then table, so pages never overlap.
 */
export function orderCatalogEntries(
  entries: CatalogEntryView[],
  sort: MetricsCatalogSort | undefined,
  order: SortOrder | undefined,
  searching: boolean,
): CatalogEntryView[] {
  const key: MetricsCatalogSort = sort ?? (searching ? 'searchRank' : 'name');
  const direction = (order ?? (key === 'searchRank' || key === 'chartUsage' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  const text = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' });
  const primary = (a: CatalogEntryView, b: CatalogEntryView): number => {
    switch (key) {
      case 'name':
      case 'label':
      case 'tableLabel':
        return text(a[key], b[key]);
      case 'chartUsage':
      case 'searchRank':
        return a[key] - b[key];
    }
  };
  return [...entries].sort((a, b) => direction * primary(a, b) || text(a.name, b.name) || text(a.tableName, b.tableName));
}

export interface Pagination {
  page: number;
  pageSize: number;
  totalResults: number;
  totalPageCount: number;
}

/** One page of `entries`; without a page size, one page holding everything. */
export function pageOf<T>(entries: T[], page = 1, pageSize?: number): { data: T[]; pagination: Pagination } {
  const size = pageSize ?? Math.max(entries.length, 1);
  const start = (page - 1) * size;
  return {
    data: entries.slice(start, start + size),
    pagination: { page, pageSize: size, totalResults: entries.length, totalPageCount: Math.ceil(entries.length / size) },
  };
}
