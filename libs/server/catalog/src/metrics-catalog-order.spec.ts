import type { CatalogEntryView } from './catalog-entry';
import { orderCatalogEntries, pageOf } from './metrics-catalog-order';

function entry(name: string, extra: Partial<CatalogEntryView> = {}): CatalogEntryView {
  return {
    catalogSearchUuid: name,
    type: 'field',
    name,
    label: name.toUpperCase(),
    description: null,
    fieldType: 'metric',
    tableName: 't',
    tableLabel: 'T',
    tableGroupLabel: null,
    basicType: 'number',
    fieldValueType: 'sum',
    requiredAttributes: {},
    searchRank: 0,
    aiHints: null,
    icon: null,
    chartUsage: 0,
    categories: [],
    tags: [],
    ...extra,
  };
}

describe('orderCatalogEntries', () => {
  const entries = [
    entry('b', { chartUsage: 3, searchRank: 1 }),
    entry('a', { chartUsage: 1, searchRank: 9 }),
    entry('c', { chartUsage: 3, searchRank: 0.5 }),
  ];
  const names = (list: CatalogEntryView[]) => list.map((item) => item.name);

  it('orders by name by default, and by rank when searching', () => {
    expect(names(orderCatalogEntries(entries, undefined, undefined, false))).toEqual(['a', 'b', 'c']);
    expect(names(orderCatalogEntries(entries, undefined, undefined, true))).toEqual(['a', 'b', 'c']);
    expect(
      names(orderCatalogEntries([entries[2] as CatalogEntryView, entries[0] as CatalogEntryView], undefined, undefined, true)),
    ).toEqual(['b', 'c']);
  });

  it('sorts asc and desc, ties by name', () => {
    expect(names(orderCatalogEntries(entries, 'name', 'desc', false))).toEqual(['c', 'b', 'a']);
    expect(names(orderCatalogEntries(entries, 'chartUsage', 'desc', false))).toEqual(['b', 'c', 'a']);
    expect(names(orderCatalogEntries(entries, 'chartUsage', 'asc', false))).toEqual(['a', 'b', 'c']);
    expect(names(orderCatalogEntries(entries, 'label', 'asc', false))).toEqual(['a', 'b', 'c']);
  });
});

describe('pageOf', () => {
  const items = [1, 2, 3, 4, 5];

  it('cuts pages and counts them exactly', () => {
    expect(pageOf(items, 2, 2)).toEqual({ data: [3, 4], pagination: { page: 2, pageSize: 2, totalResults: 5, totalPageCount: 3 } });
    expect(pageOf(items, 3, 2).data).toEqual([5]);
    expect(pageOf(items, 4, 2).data).toEqual([]);
  });

  it('puts everything on one page without a page size', () => {
    expect(pageOf(items)).toEqual({ data: items, pagination: { page: 1, pageSize: 5, totalResults: 5, totalPageCount: 1 } });
    expect(pageOf([]).pagination).toEqual({ page: 1, pageSize: 1, totalResults: 0, totalPageCount: 0 });
  });
});
