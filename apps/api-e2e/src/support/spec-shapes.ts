/**
 * Resource tables of the spec (../shared/spec/interface.md) as checkable shapes: field → JSON
 * type. `|null` allows null (clarification 12: spec fields are always present, null when empty).
 */
export type FieldType =
  | 'string'
  | 'string|null'
  | 'number'
  | 'number|null'
  | 'boolean'
  | 'timestamp|null'
  | 'string[]'
  | 'array'
  | 'object|null'
  | Shape
  | [Shape];
export interface Shape {
  [field: string]: FieldType;
}

export const USER_ACCESS: Shape = {
  inheritedFrom: 'string|null',
  inheritedRole: 'string|null',
  projectRole: 'string|null',
  hasDirectAccess: 'boolean',
  role: 'string',
  email: 'string',
  firstName: 'string',
  lastName: 'string',
  userUuid: 'string',
};

export const CHILD_SPACE: Shape = {
  name: 'string',
  projectUuid: 'string',
  organizationUuid: 'string',
  uuid: 'string',
  access: 'string[]',
  isPrivate: 'boolean',
  pinnedListUuid: 'string|null',
  pinnedListOrder: 'number|null',
  slug: 'string',
  parentSpaceUuid: 'string|null',
  path: 'string',
  chartCount: 'number',
  dashboardCount: 'number',
};

export const SPACE: Shape = {
  name: 'string',
  uuid: 'string',
  projectUuid: 'string',
  organizationUuid: 'string',
  slug: 'string',
  path: 'string',
  parentSpaceUuid: 'string|null',
  pinnedListUuid: 'string|null',
  pinnedListOrder: 'number|null',
  isPrivate: 'boolean',
  breadcrumbs: [{ uuid: 'string', name: 'string' }],
  childSpaces: [CHILD_SPACE],
  groupsAccess: [{ spaceRole: 'string', groupName: 'string', groupUuid: 'string' }],
  access: [USER_ACCESS],
  dashboards: 'array',
  queries: 'array',
};

const UPDATED_BY_USER: Shape = { userUuid: 'string', firstName: 'string', lastName: 'string' };

export const CHART_SUMMARY: Shape = {
  description: 'string|null',
  name: 'string',
  projectUuid: 'string',
  organizationUuid: 'string',
  uuid: 'string',
  spaceUuid: 'string',
  pinnedListUuid: 'string|null',
  slug: 'string',
  spaceName: 'string',
  dashboardUuid: 'string|null',
  dashboardName: 'string|null',
  source: 'string',
  chartKind: 'string',
  chartType: 'string',
  updatedAt: 'timestamp|null',
  pinnedListOrder: 'number|null',
  updatedByUser: UPDATED_BY_USER,
  firstViewedAt: 'timestamp|null',
  views: 'number',
  validationErrors: 'array',
};

export const DASHBOARD_SUMMARY: Shape = {
  description: 'string|null',
  name: 'string',
  projectUuid: 'string',
  organizationUuid: 'string',
  uuid: 'string',
  spaceUuid: 'string',
  pinnedListUuid: 'string|null',
  updatedAt: 'timestamp|null',
  pinnedListOrder: 'number|null',
  updatedByUser: UPDATED_BY_USER,
  views: 'number',
  firstViewedAt: 'timestamp|null',
  validationErrors: 'array',
};

const DASHBOARD_FILTER_LISTS: Shape = { tableCalculations: 'array', metrics: 'array', dimensions: 'array' };

export const DASHBOARD_TILE: Shape = {
  uuid: 'string',
  type: 'string',
  x: 'number',
  y: 'number',
  h: 'number',
  w: 'number',
  tabUuid: 'string|null',
  properties: 'object|null',
};

/** The properties of a `saved_chart` tile. */
export const CHART_TILE_PROPERTIES: Shape = {
  chartSlug: 'string',
  lastVersionChartKind: 'string',
  chartName: 'string',
  belongsToDashboard: 'boolean',
  savedChartUuid: 'string',
  hideTitle: 'boolean',
  title: 'string|null',
};

export const DASHBOARD: Shape = {
  ...DASHBOARD_SUMMARY,
  slug: 'string',
  spaceName: 'string',
  parameters: 'object|null',
  dashboardVersionId: 'number',
  tiles: [DASHBOARD_TILE],
  filters: DASHBOARD_FILTER_LISTS,
  tabs: [{ order: 'number', name: 'string', uuid: 'string' }],
  config: { pinnedParameters: 'string[]', isDateZoomDisabled: 'boolean' },
};

export const SAVED_SQL_CHART: Shape = {
  savedSqlUuid: 'string',
  slug: 'string',
  name: 'string',
  description: 'string|null',
  sql: 'string',
  limit: 'number',
  chartKind: 'string',
  views: 'number',
  firstViewedAt: 'timestamp|null',
  lastViewedAt: 'timestamp|null',
  createdAt: 'timestamp|null',
  lastUpdatedAt: 'timestamp|null',
  createdBy: 'object|null',
  lastUpdatedBy: 'object|null',
  organization: { organizationUuid: 'string' },
  project: { projectUuid: 'string' },
  dashboard: 'object|null',
  space: { name: 'string', uuid: 'string', userAccess: USER_ACCESS, isPrivate: 'boolean' },
  config: { type: 'string', metadata: { version: 'number' } },
};

export const CHART_AS_CODE: Shape = {
  name: 'string',
  description: 'string|null',
  slug: 'string',
  tableName: 'string',
  spaceSlug: 'string',
  dashboardSlug: 'string|null',
  updatedAt: 'timestamp|null',
  downloadedAt: 'timestamp|null',
  version: 'number',
  metricQuery: 'object|null',
  pivotConfig: 'object|null',
  tableConfig: 'object|null',
  chartConfig: { type: 'string', config: 'object|null' },
};

export const CHARTS_AS_CODE: Shape = {
  offset: 'number',
  total: 'number',
  missingIds: 'string[]',
  charts: [CHART_AS_CODE],
};

export const PINNED_ITEM: Shape = {
  type: 'string',
  category: 'string',
  data: {
    description: 'string|null',
    name: 'string',
    uuid: 'string',
    updatedAt: 'timestamp|null',
    spaceUuid: 'string|null',
    pinnedListUuid: 'string',
    pinnedListOrder: 'number',
    updatedByUser: 'object|null',
    views: 'number|null',
    firstViewedAt: 'timestamp|null',
    validationErrors: 'array',
  },
};

/** Every problem of `value` against `shape` (missing fields, wrong types), as `path: problem`. */
export function shapeProblems(value: unknown, shape: Shape, path = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path || '(root)'}: not an object`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, type] of Object.entries(shape)) {
    const at = path ? `${path}.${field}` : field;
    if (!(field in record)) {
      problems.push(`${at}: missing`);
      continue;
    }
    problems.push(...typeProblems(record[field], type, at));
  }
  return problems;
}

function typeProblems(value: unknown, type: FieldType, at: string): string[] {
  if (Array.isArray(type)) {
    if (!Array.isArray(value)) return [`${at}: not an array`];
    return value.flatMap((item, index) => shapeProblems(item, type[0] as Shape, `${at}[${index}]`));
  }
  if (typeof type === 'object') return shapeProblems(value, type, at);
  const nullable = type.endsWith('|null');
  if (value === null) return nullable ? [] : [`${at}: null`];
  const base = type.replace('|null', '');
  const ok =
    base === 'string'
      ? typeof value === 'string'
      : base === 'number'
        ? typeof value === 'number'
        : base === 'boolean'
          ? typeof value === 'boolean'
          : base === 'timestamp'
            ? typeof value === 'string' && new Date(value).toISOString() === value
            : base === 'string[]'
              ? Array.isArray(value) && value.every((item) => typeof item === 'string')
              : base === 'array'
                ? Array.isArray(value)
                : base === 'object'
                  ? typeof value === 'object' && !Array.isArray(value)
                  : false;
  return ok ? [] : [`${at}: expected ${type}, got ${JSON.stringify(value)}`];
}
