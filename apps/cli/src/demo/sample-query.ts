import {
  type AnyExplore,
  type Dimension,
  type Explore,
  getFieldId,
  isAggregateMetricType,
  isExploreError,
  type Metric,
} from '@quarry/domain';

/** A small MetricQuery of one of the project's explores, in the runQuery body's form. */
export interface SampleQuery {
  exploreName: string;
  /** What the query answers, e.g. "Orders by Status". */
  title: string;
  body: {
    exploreName: string;
    dimensions: string[];
    metrics: string[];
    filters: Record<string, never>;
    sorts: Array<{ fieldId: string; descending: boolean }>;
    limit: number;
    tableCalculations: never[];
  };
}

const SAMPLE_LIMIT = 10;

/**
 * A query worth showing a newcomer: the explore whose base table has the most aggregate metrics
 * (the project's main fact table rather than a lookup; its own explore rather than an extra one
 * built on it), its first aggregate metric broken down by its first string dimension that is not
 * the table's key, largest first. Undefined when no explore has both.
 */
export function sampleQuery(explores: readonly AnyExplore[]): SampleQuery | undefined {
  let best: Candidate | undefined;
  for (const explore of explores) {
    if (isExploreError(explore)) continue;
    const metrics = aggregateMetrics(explore);
    const dimension = groupingDimension(explore);
    if (metrics.length === 0 || !dimension) continue;
    const candidate: Candidate = { explore, metrics, dimension };
    if (!best || isBetter(candidate, best)) best = candidate;
  }
  if (!best) return undefined;
  const metric = best.metrics[0] as Metric;
  const metricId = getFieldId(metric);
  return {
    exploreName: best.explore.name,
    title: `${metric.label} by ${best.dimension.label}`,
    body: {
      exploreName: best.explore.name,
      dimensions: [getFieldId(best.dimension)],
      metrics: [metricId],
      filters: {},
      sorts: [{ fieldId: metricId, descending: true }],
      limit: SAMPLE_LIMIT,
      tableCalculations: [],
    },
  };
}

interface Candidate {
  explore: Explore;
  metrics: Metric[];
  dimension: Dimension;
}

/** More aggregate metrics wins; on a tie, the model's own explore over extra ones built on it. */
function isBetter(candidate: Candidate, chosen: Candidate): boolean {
  if (candidate.metrics.length !== chosen.metrics.length) return candidate.metrics.length > chosen.metrics.length;
  return isOwnExplore(candidate.explore) && !isOwnExplore(chosen.explore);
}

function isOwnExplore(explore: Explore): boolean {
  return explore.name === explore.baseTable;
}

function aggregateMetrics(explore: Explore): Metric[] {
  const table = explore.tables[explore.baseTable];
  return Object.values(table?.metrics ?? {}).filter((metric) => !metric.hidden && isAggregateMetricType(metric.type));
}

function groupingDimension(explore: Explore): Dimension | undefined {
  const table = explore.tables[explore.baseTable];
  const keys = new Set(table?.primaryKey ?? []);
  return Object.values(table?.dimensions ?? {}).find(
    (dimension) => !dimension.hidden && dimension.type === 'string' && !keys.has(dimension.name) && dimension.timeInterval === undefined,
  );
}

/** A shell-quoted argument: safe to paste whatever the JSON holds. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The runQuery call as one line to paste into a shell; the token is read from `tokenVariable`
 * so the line never holds a secret.
 */
export function runQueryCurl(siteUrl: string, projectUuid: string, query: SampleQuery, tokenVariable: string): string {
  const url = `${siteUrl}/api/v1/projects/${projectUuid}/explores/${encodeURIComponent(query.exploreName)}/runQuery`;
  return [
    'curl -sS -X POST',
    `-H "Authorization: ApiKey $${tokenVariable}"`,
    `-H 'Content-Type: application/json'`,
    `-d ${shellQuote(JSON.stringify(query.body))}`,
    shellQuote(url),
  ].join(' ');
}

/** A PostgreSQL identifier, quoted only when it must be. */
function sqlIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** The sample query in the SQL API's SQL: its explore as a table, its fields as columns. */
export function sampleSql(query: SampleQuery): string {
  const { dimensions, metrics, sorts, limit } = query.body;
  const columns = [...dimensions, ...metrics].map(sqlIdentifier).join(', ');
  const groupBy = dimensions.length > 0 ? ` GROUP BY ${dimensions.map(sqlIdentifier).join(', ')}` : '';
  const orderBy =
    sorts.length > 0
      ? ` ORDER BY ${sorts.map((sort) => `${sqlIdentifier(sort.fieldId)}${sort.descending ? ' DESC' : ''}`).join(', ')}`
      : '';
  return `SELECT ${columns} FROM ${sqlIdentifier(query.exploreName)}${groupBy}${orderBy} LIMIT ${limit}`;
}

/** The same query through the SQL API with psql, as one line; the password (the token) is read from `tokenVariable`. */
export function sampleQueryPsql(
  sqlApi: { host: string; port: number },
  projectUuid: string,
  query: SampleQuery,
  tokenVariable: string,
): string {
  return [
    `PGPASSWORD="$${tokenVariable}" psql`,
    `-h ${shellQuote(sqlApi.host)}`,
    `-p ${sqlApi.port}`,
    '-U quarry',
    `-d ${projectUuid}`,
    `-c ${shellQuote(sampleSql(query))}`,
  ].join(' ');
}
