import type { JoinMeta, ModelFields, YamlFilter } from './demo-yaml-project';

/** `${field}` or `${table.field}`; `${TABLE}` is handled before. Lightdash's own pattern. */
const REFERENCE = /\$\{([a-zA-Z0-9_.]+)\}/g;
const POST_CALCULATION_TYPES = new Set(['percent_of_total', 'running_total', 'percent_of_previous']);
const NON_AGGREGATE_TYPES = new Set(['number', 'string', 'date', 'timestamp', 'boolean']);

/**
 * A deliberately naive rendering of an explore's field SQL for DuckDB, only to prove that every
 * `${…}` reference resolves and that the YAML's SQL snippets run against the generated tables. It
 * follows Lightdash's reference rules (dimensions reference dimensions, aggregate metrics reference
 * dimensions, non-aggregate and post-calculation metrics reference metrics) but none of its query
 * shape (no fan-out handling, no distinct-key CTEs). Unresolvable references throw.
 */
export class ExploreSql {
  private readonly tables = new Map<string, ModelFields>();

  constructor(
    private readonly fieldsByModel: ReadonlyMap<string, ModelFields>,
    private readonly baseModel: string,
    private readonly joins: readonly JoinMeta[],
  ) {
    this.tables.set(baseModel, this.modelNamed(baseModel));
    for (const join of joins) this.tables.set(join.alias ?? join.join, this.modelNamed(join.join));
  }

  /** The explore's table aliases and the model behind each. */
  aliases(): [alias: string, fields: ModelFields][] {
    return [...this.tables.entries()];
  }

  fromClause(schema: string): string {
    const joins = this.joins.map(
      (join) =>
        `LEFT JOIN ${schema}.${join.join} AS "${join.alias ?? join.join}" ` +
        `ON ${this.render(join.sql_on, join.alias ?? join.join, 'dimension')}`,
    );
    return [`FROM ${schema}.${this.baseModel} AS "${this.baseModel}"`, ...joins].join('\n');
  }

  dimension(alias: string, name: string): string {
    const dimension = this.table(alias).dimensions.get(name);
    if (!dimension) throw new Error(`${alias} has no dimension ${name}`);
    return this.render(dimension.sql, alias, 'dimension');
  }

  metric(alias: string, name: string): string {
    const metric = this.table(alias).metrics.get(name);
    if (!metric) throw new Error(`${alias} has no metric ${name}`);
    if (NON_AGGREGATE_TYPES.has(metric.type)) return this.render(metric.sql, alias, 'metric');
    if (POST_CALCULATION_TYPES.has(metric.type)) {
      const inner = this.render(metric.sql, alias, 'metric');
      return metric.type === 'running_total'
        ? `SUM(${inner}) OVER (ROWS UNBOUNDED PRECEDING)`
        : `(${inner}) / NULLIF(SUM(${inner}) OVER (), 0)`;
    }
    const filters = (metric.filters ?? []).map((filter) => this.filterCondition(alias, filter));
    const sql = this.render(metric.sql, alias, 'dimension');
    const value = filters.length === 0 ? `(${sql})` : `CASE WHEN ${filters.join(' AND ')} THEN (${sql}) END`;
    switch (metric.type) {
      case 'count':
        return `COUNT(${value})`;
      case 'count_distinct':
        return `COUNT(DISTINCT ${value})`;
      case 'sum':
        return `SUM(${value})`;
      case 'average':
        return `AVG(${value})`;
      case 'min':
        return `MIN(${value})`;
      case 'max':
        return `MAX(${value})`;
      case 'median':
        return `MEDIAN(${value})`;
      case 'percentile':
        return `QUANTILE_CONT(${value}, ${(metric.percentile ?? 50) / 100})`;
      case 'sum_distinct':
      case 'average_distinct': {
        // Only proves the keys resolve; the real rendering deduplicates in a CTE.
        const keys = (metric.distinct_keys ?? []).map((key) => this.dimension(alias, key));
        if (keys.length === 0) throw new Error(`${alias}.${metric.type} metric needs distinct_keys`);
        return `${metric.type === 'sum_distinct' ? 'SUM' : 'AVG'}(${value}) + 0 * COUNT(DISTINCT (${keys.join(', ')}))`;
      }
      default:
        throw new Error(`${alias}: metric type ${metric.type} is not rendered here`);
    }
  }

  /** A YAML filter (`- dim: value`) as a condition, for the grammar the demo uses. */
  filterCondition(alias: string, filter: YamlFilter): string {
    return Object.entries(filter)
      .filter(([key]) => key !== 'required')
      .map(([reference, value]) => {
        const [table, field] = reference.includes('.') ? reference.split('.') : [alias, reference];
        const dimension = `(${this.dimension(table, field)})`;
        if (typeof value === 'boolean' || typeof value === 'number') return `${dimension} = ${value}`;
        if (Array.isArray(value)) return `${dimension} IN (${value.map((item) => `'${String(item)}'`).join(', ')})`;
        if (typeof value !== 'string') throw new Error(`${reference}: filter value ${JSON.stringify(value)} is not handled`);
        const comparison = /^(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)$/.exec(value);
        return comparison ? `${dimension} ${comparison[1]} ${comparison[2]}` : `${dimension} = '${value}'`;
      })
      .join(' AND ');
  }

  /** Replaces `${TABLE}` and field references; `kind` says what a bare `${name}` means. */
  render(sql: string, alias: string, kind: 'dimension' | 'metric', depth = 0): string {
    if (depth > 10) throw new Error(`reference cycle in ${alias}: ${sql}`);
    return sql.replaceAll('${TABLE}', `"${alias}"`).replace(REFERENCE, (_match, reference: string) => {
      const parts = reference.split('.');
      if (parts.length > 2) throw new Error(`reference \${${reference}} has more than one dot`);
      const [table, field] = parts.length === 2 ? parts : [alias, parts[0]];
      const fields = this.table(table);
      if (kind === 'metric' && fields.metrics.has(field)) return `(${this.metric(table, field)})`;
      if (!fields.dimensions.has(field)) throw new Error(`\${${reference}} in ${alias} names no ${kind} of ${table}`);
      return `(${this.render(fields.dimensions.get(field)?.sql ?? '', table, 'dimension', depth + 1)})`;
    });
  }

  private table(alias: string): ModelFields {
    const fields = this.tables.get(alias);
    if (!fields) throw new Error(`no table ${alias} in the explore of ${this.baseModel}`);
    return fields;
  }

  private modelNamed(name: string): ModelFields {
    const fields = this.fieldsByModel.get(name);
    if (!fields) throw new Error(`no model named ${name}`);
    return fields;
  }
}
