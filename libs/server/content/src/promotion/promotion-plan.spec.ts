import { randomUUID } from 'node:crypto';

import type { Principal } from '@quarry/domain';
import type { DashboardRow, ProjectEntity, SavedChartRow, SpaceEntity, StoredTile } from '@quarry/server/database';

import { ProjectSpaces } from '../spaces/project-spaces';
import { planPromotion, remapTileCharts } from './promotion-plan';

const admin: Principal = { userUuid: randomUUID(), email: 'a@example.com', firstName: 'A', lastName: 'B', organizationUuid: 'org', organizationRole: 'admin', tokenUuid: 'token' };

function space(projectUuid: string, path: string, parent?: SpaceEntity, name = path): SpaceEntity {
  const slug = path.split('.').pop() as string;
  return {
    spaceUuid: randomUUID(), projectUuid, parentSpaceUuid: parent?.spaceUuid ?? null, name, slug, path, isPrivate: !parent, inheritParentPermissions: Boolean(parent),
    createdByUserUuid: null, createdAt: new Date(), updatedAt: new Date(),
  };
}

function projectSpaces(projectUuid: string, spaces: SpaceEntity[]): ProjectSpaces {
  return new ProjectSpaces(admin, { projectUuid, organizationUuid: 'org' } as ProjectEntity, undefined, [], spaces, []);
}

function chart(projectUuid: string, spaceUuid: string, slug: string, overrides: Partial<SavedChartRow> = {}): SavedChartRow {
  return {
    savedChartUuid: randomUUID(), projectUuid, organizationUuid: 'org', spaceUuid, spaceName: 's', dashboardUuid: null, dashboardName: null, name: slug, description: null, slug,
    views: 0, firstViewedAt: null, createdAt: new Date(), updatedAt: new Date(), updatedByUser: null, createdByUser: null, versionUuid: randomUUID(), versionNumber: 1,
    tableName: 'orders', metricQuery: { exploreName: 'orders' }, chartConfig: { type: 'table' }, tableConfig: {}, pivotConfig: null, chartKind: 'table', ...overrides,
  };
}

function dashboard(projectUuid: string, spaceUuid: string, tiles: StoredTile[], overrides: Partial<DashboardRow> = {}): DashboardRow {
  return {
    dashboardUuid: randomUUID(), projectUuid, organizationUuid: 'org', spaceUuid, spaceName: 's', name: 'Board', description: null, slug: 'board', views: 0, firstViewedAt: null,
    createdAt: new Date(), updatedAt: new Date(), updatedByUser: null, dashboardVersionId: 1, tiles, tabs: [], filters: {}, config: {}, parameters: {}, ...overrides,
  };
}

const tile = (savedChartUuid: string): StoredTile => ({ uuid: randomUUID(), type: 'saved_chart', x: 0, y: 0, w: 1, h: 1, tabUuid: null, properties: { savedChartUuid } });

describe('planPromotion', () => {
  const preview = 'preview';
  const upstream = 'upstream';
  const team = space(preview, 'team');
  const drafts = space(preview, 'team.drafts', team);
  const source = projectSpaces(preview, [team, drafts]);

  it('creates missing spaces parents first and new content', () => {
    const first = chart(preview, drafts.spaceUuid, 'first');
    const board = dashboard(preview, drafts.spaceUuid, [tile(first.savedChartUuid)]);
    const changes = planPromotion(
      { spaces: source, charts: [first], dashboard: board },
      { spaces: projectSpaces(upstream, []), chartsBySlug: new Map(), dashboard: null, chartSlugs: new Map() },
    );
    expect(changes.spaces.map((change) => [change.action, change.data.path, change.data.parentPath, change.data.isPrivate])).toEqual([
      ['create', 'team', null, true],
      ['create', 'team.drafts', 'team', false],
    ]);
    expect(changes.charts).toEqual([{ action: 'create', data: { uuid: null, slug: 'first', name: 'first', spacePath: 'team.drafts' } }]);
    expect(changes.dashboards[0]).toMatchObject({ action: 'create', data: { slug: 'board', spacePath: 'team.drafts' } });
  });

  it('updates what differs, renames spaces, and leaves identical content alone', () => {
    const upTeam = space(upstream, 'team', undefined, 'Old name');
    const upDrafts = space(upstream, 'team.drafts', upTeam);
    const same = chart(preview, drafts.spaceUuid, 'same');
    const changed = chart(preview, drafts.spaceUuid, 'changed', { name: 'New name' });
    const upSame = chart(upstream, upDrafts.spaceUuid, 'same');
    const upChanged = chart(upstream, upDrafts.spaceUuid, 'changed');
    const board = dashboard(preview, drafts.spaceUuid, [tile(same.savedChartUuid)]);
    const upBoard = dashboard(upstream, upDrafts.spaceUuid, [{ ...tile(upSame.savedChartUuid), uuid: (board.tiles[0] as StoredTile).uuid }]);
    const changes = planPromotion(
      { spaces: source, charts: [same, changed], dashboard: board },
      {
        spaces: projectSpaces(upstream, [upTeam, upDrafts]),
        chartsBySlug: new Map([['same', upSame], ['changed', upChanged]]),
        dashboard: upBoard,
        chartSlugs: new Map([[upSame.savedChartUuid, 'same']]),
      },
    );
    expect(changes.spaces.map((change) => [change.action, change.data.uuid])).toEqual([['update', upTeam.spaceUuid], ['no changes', upDrafts.spaceUuid]]);
    expect(changes.charts.map((change) => [change.action, change.data.uuid])).toEqual([['no changes', upSame.savedChartUuid], ['update', upChanged.savedChartUuid]]);
    expect(changes.dashboards[0]).toMatchObject({ action: 'no changes', data: { uuid: upBoard.dashboardUuid } });
  });
});

describe('remapTileCharts', () => {
  it('maps chart tiles through the map and leaves other tiles alone', () => {
    const markdown: StoredTile = { uuid: 'm', type: 'markdown', x: 0, y: 0, w: 1, h: 1, tabUuid: null, properties: { content: 'x' } };
    expect(remapTileCharts([tile('a'), markdown], new Map([['a', 'b']])).map((entry) => entry.properties)).toEqual([{ savedChartUuid: 'b' }, { content: 'x' }]);
  });
});
