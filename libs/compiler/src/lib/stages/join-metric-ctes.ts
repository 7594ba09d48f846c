import type { SqlDialect } from '@quarry/dialects';

import type { GroupColumn } from './distinct-metrics';

/** A CTE holding the group columns and some metric columns. */
export interface MetricCte {
  name: string;
  metricIds: readonly string[];
}

/**
 * The `metrics` stage when metrics were computed apart (distinct metrics, fan-out protection):
 * the base aggregate (if any) joined to each CTE on the group columns, nulls matching nulls;
 * CROSS JOIN when the query has no dimension (each CTE is one row).
 */
export function joinMetricCtes(
  baseName: string | null,
  parts: readonly MetricCte[],
  groupColumns: readonly GroupColumn[],
  dialect: SqlDialect,
): string {
  const q = (name: string): string => dialect.quoteColumn(name);
  const [first, ...rest] = parts;
  if (!first) throw new Error('joinMetricCtes needs at least one CTE');
  const anchor = baseName ?? first.name;
  const joined = baseName === null ? rest : parts;
  const on = (other: string): string =>
    groupColumns
      .map(
        ({ alias }) =>
          `(${q(anchor)}.${q(alias)} = ${q(other)}.${q(alias)} OR (${q(anchor)}.${q(alias)} IS NULL AND ${q(other)}.${q(alias)} IS NULL))`,
      )
      .join(' AND ');
  const columns = [
    ...(baseName === null ? groupColumns.map(({ alias }) => `${q(anchor)}.${q(alias)}`) : [`${q(anchor)}.*`]),
    ...parts.flatMap(({ name, metricIds }) => metricIds.map((id) => `${q(name)}.${q(id)} AS ${q(id)}`)),
  ];
  const joins = joined.map(({ name }) =>
    groupColumns.length === 0 ? `CROSS JOIN ${q(name)}` : `LEFT OUTER JOIN ${q(name)}\n  ON ${on(name)}`,
  );
  return [`SELECT\n  ${columns.join(',\n  ')}`, `FROM ${q(anchor)}`, ...joins].join('\n');
}
