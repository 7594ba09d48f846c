import { randomUUID } from 'node:crypto';

import type { Principal, ProjectRole, SpaceGrant } from '@quarry/domain';
import type { DashboardRow, ProjectEntity, SavedChartRow, SpaceEntity, StoredTile } from '@quarry/server/database';

import { ProjectSpaces } from '../spaces/project-spaces';
import { planPromotion, type PromotionTarget, remapTileCharts, visibleTarget } from './promotion-plan';
import { assertPromotionAllowed } from './promotion-rights';

const admin: Principal = {
  userUuid: randomUUID(),
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  organizationUuid: 'org',
  organizationRole: 'admin',
  tokenUuid: 'token',
};

function space(projectUuid: string, path: string, parent?: SpaceEntity, name = path): SpaceEntity {
  const slug = path.split('.').pop() as string;
  return {
    spaceUuid: randomUUID(),
    projectUuid,
    parentSpaceUuid: parent?.spaceUuid ?? null,
    name,
    slug,
    path,
    isPrivate: !parent,
    inheritParentPermissions: Boolean(parent),
    createdByUserUuid: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

const member: Principal = { ...admin, userUuid: randomUUID(), organizationRole: 'member' };

function projectSpaces(
  projectUuid: string,
  spaces: SpaceEntity[],
  as: { principal: Principal; role?: ProjectRole; grants?: SpaceGrant[] } = { principal: admin },
): ProjectSpaces {
  return new ProjectSpaces(as.principal, { projectUuid, organizationUuid: 'org' } as ProjectEntity, as.role, [], spaces, as.grants ?? []);
}

const none = { charts: [], dashboard: null, tileCharts: [] };

function chart(projectUuid: string, spaceUuid: string, slug: string, overrides: Partial<SavedChartRow> = {}): SavedChartRow {
  return {
    savedChartUuid: randomUUID(),
    projectUuid,
    organizationUuid: 'org',
    spaceUuid,
    spaceName: 's',
    dashboardUuid: null,
    dashboardName: null,
    name: slug,
    description: null,
    slug,
    views: 0,
    firstViewedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    updatedByUser: null,
    createdByUser: null,
    versionUuid: randomUUID(),
    versionNumber: 1,
    tableName: 'orders',
    metricQuery: { exploreName: 'orders' },
    chartConfig: { type: 'table' },
    tableConfig: {},
    pivotConfig: null,
    chartKind: 'table',
    ...overrides,
  };
}

function dashboard(projectUuid: string, spaceUuid: string, tiles: StoredTile[], overrides: Partial<DashboardRow> = {}): DashboardRow {
  return {
    dashboardUuid: randomUUID(),
    projectUuid,
    organizationUuid: 'org',
    spaceUuid,
    spaceName: 's',
    name: 'Board',
    description: null,
    slug: 'board',
    views: 0,
    firstViewedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    updatedByUser: null,
    dashboardVersionId: 1,
    tiles,
    tabs: [],
    filters: {},
    config: {},
    parameters: {},
    ...overrides,
  };
}

const tile = (savedChartUuid: string): StoredTile => ({
  uuid: randomUUID(),
  type: 'saved_chart',
  x: 0,
  y: 0,
  w: 1,
  h: 1,
  tabUuid: null,
  properties: { savedChartUuid },
});

describe('planPromotion', () => {
  const preview = 'preview';
  const upstream = 'upstream';
  const team = space(preview, 'team');
  const drafts = space(preview, 'team.drafts', team);
  const source = projectSpaces(preview, [team, drafts]);

  it('creates missing spaces parents first and new content', () => {
    const first = chart(preview, drafts.spaceUuid, 'first');
    const board = dashboard(preview, drafts.spaceUuid, [tile(first.savedChartUuid)]);
    const changes = planPromotion({ spaces: source, charts: [first], dashboard: board }, visibleTarget(projectSpaces(upstream, []), none));
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
    const upBoard = dashboard(upstream, upDrafts.spaceUuid, [
      { ...tile(upSame.savedChartUuid), uuid: (board.tiles[0] as StoredTile).uuid },
    ]);
    const changes = planPromotion(
      { spaces: source, charts: [same, changed], dashboard: board },
      visibleTarget(projectSpaces(upstream, [upTeam, upDrafts]), { charts: [upSame, upChanged], dashboard: upBoard, tileCharts: [upSame] }),
    );
    expect(changes.spaces.map((change) => [change.action, change.data.uuid])).toEqual([
      ['update', upTeam.spaceUuid],
      ['no changes', upDrafts.spaceUuid],
    ]);
    expect(changes.charts.map((change) => [change.action, change.data.uuid])).toEqual([
      ['no changes', upSame.savedChartUuid],
      ['update', upChanged.savedChartUuid],
    ]);
    expect(changes.dashboards[0]).toMatchObject({ action: 'no changes', data: { uuid: upBoard.dashboardUuid } });
  });
});

describe('planPromotion against upstream content the caller cannot see', () => {
  const preview = 'preview';
  const upstream = 'upstream';
  const finance = space(preview, 'finance');
  const q1 = space(preview, 'finance.q1', finance);
  const source = projectSpaces(preview, [finance, q1]);
  // Upstream: the admin's private `finance` (no share for the developer) with a chart and a dashboard of the same slugs.
  const hiddenFinance = { ...space(upstream, 'finance'), isPrivate: true };
  const hiddenChart = chart(upstream, hiddenFinance.spaceUuid, 'margin');
  const hiddenBoard = dashboard(upstream, hiddenFinance.spaceUuid, [tile(hiddenChart.savedChartUuid)]);
  const developer = (spaces: SpaceEntity[], grants: SpaceGrant[] = []) =>
    projectSpaces(upstream, spaces, { principal: member, role: 'developer', grants });

  it('plans hidden spaces, charts and dashboards as absent: created, with no uuid of theirs', () => {
    const margin = chart(preview, finance.spaceUuid, 'margin');
    const board = dashboard(preview, finance.spaceUuid, [tile(margin.savedChartUuid)]);
    const target = visibleTarget(developer([hiddenFinance]), { charts: [hiddenChart], dashboard: hiddenBoard, tileCharts: [hiddenChart] });
    expect(target.spacesByPath.size + target.chartsBySlug.size + target.chartSlugs.size).toBe(0);
    expect(target.dashboard).toBeNull();
    const changes = planPromotion({ spaces: source, charts: [margin], dashboard: board }, target);
    expect([...changes.spaces, ...changes.charts, ...changes.dashboards].map((change) => [change.action, change.data.uuid])).toEqual([
      ['create', null],
      ['create', null],
      ['create', null],
    ]);
    expect(JSON.stringify(changes)).not.toMatch(
      new RegExp([hiddenFinance.spaceUuid, hiddenChart.savedChartUuid, hiddenBoard.dashboardUuid].join('|')),
    );
  });

  it('matches what the caller may view, and creates a missing parent only when a created space goes under it', () => {
    // `finance.q1` upstream has its own rules and is shared with the developer; its parent stays hidden.
    const sharedQ1 = { ...space(upstream, 'finance.q1', hiddenFinance), isPrivate: true, inheritParentPermissions: false };
    const inQ1 = chart(preview, q1.spaceUuid, 'q1-chart');
    const target = visibleTarget(
      developer([hiddenFinance, sharedQ1], [{ spaceUuid: sharedQ1.spaceUuid, role: 'editor', via: 'user' }]),
      none,
    );
    expect([...target.spacesByPath.keys()]).toEqual(['finance.q1']);
    const changes = planPromotion({ spaces: source, charts: [inQ1], dashboard: null }, target);
    expect(changes.spaces.map((change) => [change.action, change.data.path, change.data.uuid])).toEqual([
      ['no changes', 'finance.q1', sharedQ1.spaceUuid],
    ]);
    expect(changes.charts).toEqual([
      { action: 'create', data: { uuid: null, slug: 'q1-chart', name: 'q1-chart', spacePath: 'finance.q1' } },
    ]);
  });
});

describe('assertPromotionAllowed', () => {
  const preview = 'preview';
  const upstream = 'upstream';
  const shared = space(preview, 'shared');
  const fresh = space(preview, 'fresh');
  const source = projectSpaces(preview, [shared, fresh]);
  const upShared = { ...space(upstream, 'shared'), isPrivate: true };
  const asDeveloper = (role: 'viewer' | 'editor') =>
    projectSpaces(upstream, [upShared], {
      principal: member,
      role: 'developer',
      grants: [{ spaceUuid: upShared.spaceUuid, role, via: 'user' }],
    });

  function check(upstreamSpaces: ProjectSpaces, mayCreateSpaces = true) {
    const inShared = chart(preview, shared.spaceUuid, 'in-shared');
    const board = dashboard(preview, fresh.spaceUuid, [tile(inShared.savedChartUuid)]);
    const target: PromotionTarget = visibleTarget(upstreamSpaces, none);
    const changes = planPromotion({ spaces: source, charts: [inShared], dashboard: board }, target);
    return () => assertPromotionAllowed(changes, target, upstreamSpaces, { kind: 'dashboard', mayCreateSpaces });
  }

  it('refuses a chart going into a visible space the caller may only view, naming that space (the reference’s 403)', () => {
    expect(check(asDeveloper('viewer'))).toThrow(
      `this dashboard uses a chart "in-shared" which belongs to a space shared you don't have access to edit in the upstream project.`,
    );
  });

  it('refuses creating a root space without space:create upstream', () => {
    expect(check(asDeveloper('editor'), false)).toThrow(
      'Failed to promote: you do not have access to create a space in the upstream project.',
    );
  });

  it('allows what the caller may write', () => {
    expect(check(asDeveloper('editor'))).not.toThrow();
  });
});

describe('remapTileCharts', () => {
  it('maps chart tiles through the map and leaves other tiles alone', () => {
    const markdown: StoredTile = { uuid: 'm', type: 'markdown', x: 0, y: 0, w: 1, h: 1, tabUuid: null, properties: { content: 'x' } };
    expect(remapTileCharts([tile('a'), markdown], new Map([['a', 'b']])).map((entry) => entry.properties)).toEqual([
      { savedChartUuid: 'b' },
      { content: 'x' },
    ]);
  });
});
