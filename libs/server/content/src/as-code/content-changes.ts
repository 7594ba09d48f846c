/** What an upload or a promotion does (or, in a dry run, would do) to each piece of content. */
export type ChangeAction = 'create' | 'update' | 'no changes';

export interface ContentChange<T> {
  action: ChangeAction;
  data: T;
}

export interface SpaceChangeData {
  uuid: string | null;
  name: string;
  path: string;
  parentPath: string | null;
  isPrivate: boolean;
}

export interface ChartChangeData {
  uuid: string | null;
  slug: string;
  name: string;
  spacePath: string;
  /** An upload's answer carries the chart as uploaded, as the reference's (its API tests read these). */
  description?: string | null;
  tableName?: string;
  metricQuery?: Record<string, unknown>;
  chartConfig?: Record<string, unknown>;
  tableConfig?: Record<string, unknown>;
}

export interface DashboardChangeData {
  uuid: string | null;
  slug: string;
  name: string;
  spacePath: string;
  /** An upload's answer carries the dashboard's description, as the reference's. */
  description?: string | null;
}

/** PromotionChanges of the reference: the plan of a promotion or an as-code upload. */
export interface ContentChanges {
  spaces: Array<ContentChange<SpaceChangeData>>;
  charts: Array<ContentChange<ChartChangeData>>;
  dashboards: Array<ContentChange<DashboardChangeData>>;
}
