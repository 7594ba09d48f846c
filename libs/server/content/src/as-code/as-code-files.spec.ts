import type { DashboardRow, StoredTile } from '@quarry/server/database';

import { type ChartAsCode, chartLanguageMap } from './chart-as-code';
import { rekeyTileTargets, tileSlugs, toDashboardAsCode, uploadTileSlugs } from './dashboard-as-code';
import { asSpacePath } from './space-paths';

const tile = (uuid: string, type: string, properties: Record<string, unknown>): StoredTile => ({
  uuid,
  type,
  x: 0,
  y: 0,
  w: 1,
  h: 1,
  tabUuid: null,
  properties,
});

describe('chart files', () => {
  it('list the translatable strings of a chart: name, description and labels of its config', () => {
    const file = {
      slug: 'revenue',
      name: 'Revenue',
      description: 'Per day',
      chartConfig: {
        type: 'big_number',
        config: { label: 'Total', selectedField: 'orders_total', style: 'thousands', series: [{ name: 'A', color: '#fff' }] },
      },
    } as unknown as ChartAsCode;
    expect(chartLanguageMap(file)).toEqual({
      chart: { revenue: { name: 'Revenue', description: 'Per day', chartConfig: { config: { label: 'Total', series: [{ name: 'A' }] } } } },
    });
  });
});

describe('dashboard files', () => {
  it('give each tile a unique slug: its chart, else its title, else its type', () => {
    const tiles = [
      tile('1', 'saved_chart', { savedChartUuid: 'c' }),
      tile('2', 'saved_chart', { savedChartUuid: 'c' }),
      tile('3', 'markdown', { title: 'Read me' }),
      tile('4', 'divider', {}),
    ];
    expect(tileSlugs(tiles, new Map([['c', 'revenue']]))).toEqual(['revenue', 'revenue-1', 'read-me', 'divider']);
  });

  it('name charts by slug, keep tile uuids and key filter targets by tile slug, dropping targets of missing tiles', () => {
    const board = {
      name: 'Board',
      description: null,
      slug: 'board',
      updatedAt: new Date(0),
      tabs: [],
      config: {},
      parameters: {},
      tiles: [tile('t1', 'saved_chart', { savedChartUuid: 'c', title: 'Rev' })],
      filters: { dimensions: [{ id: 'f', tileTargets: { t1: { fieldId: 'x' }, gone: { fieldId: 'y' } } }] },
    } as unknown as DashboardRow;
    const file = toDashboardAsCode(board, 'sales', new Map([['c', 'revenue']]), new Date(0));
    expect(file.tiles).toEqual([
      {
        uuid: 't1',
        type: 'saved_chart',
        x: 0,
        y: 0,
        w: 1,
        h: 1,
        tabUuid: null,
        tileSlug: 'revenue',
        properties: { title: 'Rev', chartSlug: 'revenue' },
      },
    ]);
    expect(file.filters).toEqual({ dimensions: [{ id: 'f', tileTargets: { revenue: { fieldId: 'x' } } }] });
    expect(rekeyTileTargets(file.filters, new Map([['revenue', 't9']]))).toEqual({
      dimensions: [{ id: 'f', tileTargets: { t9: { fieldId: 'x' } } }],
    });
  });

  it('slug uploaded tiles without tileSlug as the download would, keeping the given ones (the reference leaves them out)', () => {
    const uploaded = [
      { type: 'saved_chart', properties: { chartSlug: 'revenue', title: '' } },
      { type: 'saved_chart', properties: { chartSlug: 'revenue' } },
      { type: 'markdown', properties: { title: '💸 Revenue' } },
      { type: 'loom', tileSlug: 'revenue-1', properties: { title: 'Tutorial' } },
      { type: 'markdown', properties: {} },
    ];
    expect(uploadTileSlugs(uploaded)).toEqual(['revenue', 'revenue-2', 'revenue-3', 'revenue-1', 'markdown']);
    const downloaded = [
      tile('1', 'saved_chart', { savedChartUuid: 'c' }),
      tile('2', 'markdown', { title: 'Read me' }),
      tile('3', 'loom', {}),
    ];
    const asFiles = downloaded.map((stored) => ({
      type: stored.type,
      properties: stored.type === 'saved_chart' ? { chartSlug: 'revenue' } : stored.properties,
    }));
    expect(uploadTileSlugs(asFiles)).toEqual(tileSlugs(downloaded, new Map([['c', 'revenue']])));
  });
});

describe('space slugs of uploaded files', () => {
  it("read the reference's content paths (slashes, dashes) as space paths", () => {
    expect(asSpacePath('jaffle-shop')).toBe('jaffle_shop');
    expect(asSpacePath('sales/q1-reports')).toBe('sales.q1_reports');
    expect(asSpacePath('sales.q1_reports')).toBe('sales.q1_reports');
  });
});
