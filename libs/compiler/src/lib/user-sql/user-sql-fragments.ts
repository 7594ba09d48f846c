import type { Explore, ProjectAction } from '@quarry/domain';

/** Kinds of SQL a metric query can carry, each with the role the reference asks for it. */
export type UserSqlKind = 'sqlCustomDimension' | 'sqlTableCalculation' | 'customMetricSql' | 'dimensionMetricSql';

/** One piece of SQL written by the caller, where it sits in the metric query, and what it needs. */
export interface UserSqlFragment {
  kind: UserSqlKind;
  /** Path in the metric query, e.g. `tableCalculations[0].sql`. */
  path: string;
  /** The text as sent (not necessarily a string: the gate says so). */
  sql: unknown;
  /** The project permission the caller needs for it beyond the endpoint's own; null: none. */
  requires: ProjectAction | null;
}

/**
 * What the reference asks per kind (issue 31, gate): SQL custom dimensions need `manage CustomSql`
 * / `CustomFields` and SQL table calculations `manage CustomSqlTableCalculations` — both developer.
 * A custom metric whose sql is a dimension of its explore (what the UI builds from a dimension) is
 * no SQL of the caller's own; any other custom metric sql is, and needs the same as custom SQL.
 */
const REQUIRES: Record<UserSqlKind, ProjectAction | null> = {
  sqlCustomDimension: 'sql:custom',
  sqlTableCalculation: 'sql:custom',
  customMetricSql: 'sql:custom',
  dimensionMetricSql: null,
};

const DIMENSION_REFERENCE = /^\$\{[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)?\}$/;

/**
 * Every SQL fragment of a metric query, as a request sends it or a chart stores it (so any shape:
 * entries that are not objects are skipped — the compiler refuses them). With the explore, a
 * custom metric whose sql equals one of its table's dimensions' sql counts as derived from it.
 */
export function userSqlFragments(query: unknown, explore?: Explore): UserSqlFragment[] {
  if (!isObject(query)) return [];
  const fragments: UserSqlFragment[] = [];
  const add = (kind: UserSqlKind, path: string, sql: unknown) => fragments.push({ kind, path, sql, requires: REQUIRES[kind] });
  entries(query['customDimensions']).forEach(([index, custom]) => {
    if (custom['type'] === 'sql') add('sqlCustomDimension', `customDimensions[${index}].sql`, custom['sql']);
  });
  entries(query['tableCalculations']).forEach(([index, calculation]) => {
    // A template is picked from a list (the compiler then ignores any sql); anything else is SQL.
    if (calculation['template'] === undefined) add('sqlTableCalculation', `tableCalculations[${index}].sql`, calculation['sql']);
  });
  entries(query['additionalMetrics']).forEach(([index, metric]) => {
    const kind = isDimensionSql(metric['sql'], metric['table'], explore) ? 'dimensionMetricSql' : 'customMetricSql';
    add(kind, `additionalMetrics[${index}].sql`, metric['sql']);
  });
  return fragments;
}

/** `${dim}` / `${table.dim}`, or exactly the sql of a dimension of the metric's table. */
function isDimensionSql(sql: unknown, table: unknown, explore: Explore | undefined): boolean {
  if (typeof sql !== 'string') return false;
  const text = sql.trim();
  if (DIMENSION_REFERENCE.test(text) && text !== '${TABLE}') return true;
  const dimensions = typeof table === 'string' && explore ? explore.tables[table]?.dimensions : undefined;
  return dimensions !== undefined && Object.values(dimensions).some((dimension) => dimension.sql.trim() === text);
}

function entries(value: unknown): Array<[number, Record<string, unknown>]> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index): Array<[number, Record<string, unknown>]> => (isObject(item) ? [[index, item]] : []));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
