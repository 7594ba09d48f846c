import type { Principal, SpaceAccess } from '@quarry/domain';
import type { SavedSqlChartRow, UserName } from '@quarry/server/database';

import { toUserAccessView, type UserAccessView } from '../spaces/space-view';

/** SavedSqlChart of the spec. */
export interface SqlChartView {
  savedSqlUuid: string;
  slug: string;
  name: string;
  description: string | null;
  sql: string;
  limit: number;
  config: Record<string, unknown>;
  chartKind: string;
  views: number;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  createdAt: string;
  createdBy: UserName | null;
  lastUpdatedAt: string;
  lastUpdatedBy: UserName | null;
  organization: { organizationUuid: string };
  project: { projectUuid: string };
  dashboard: { uuid: string; name: string } | null;
  space: { uuid: string; name: string; isPrivate: boolean; userAccess: UserAccessView };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toSqlChartView(row: SavedSqlChartRow, principal: Principal, access: SpaceAccess, isPrivate: boolean): SqlChartView {
  return {
    savedSqlUuid: row.savedSqlUuid,
    slug: row.slug,
    name: row.name,
    description: row.description,
    sql: row.sql,
    limit: row.limit,
    config: row.config,
    chartKind: row.chartKind,
    views: row.views,
    firstViewedAt: iso(row.firstViewedAt),
    lastViewedAt: iso(row.lastViewedAt),
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: row.createdBy,
    lastUpdatedAt: new Date(row.lastUpdatedAt).toISOString(),
    lastUpdatedBy: row.lastUpdatedBy,
    organization: { organizationUuid: row.organizationUuid },
    project: { projectUuid: row.projectUuid },
    dashboard: row.dashboardUuid && row.dashboardName ? { uuid: row.dashboardUuid, name: row.dashboardName } : null,
    space: { uuid: row.spaceUuid, name: row.spaceName, isPrivate, userAccess: toUserAccessView(principal, access) },
  };
}
