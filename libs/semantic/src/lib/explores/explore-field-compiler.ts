import type { SqlDialect } from '@quarry/dialects';
import { type AggregateMetricType, isAggregateMetricType, isNonAggregateMetricType, type WeekDay } from '@quarry/domain';

import { renderFilterRuleSql } from '../filters/render-filter-rule-sql';
import type { DimensionDraft, MetricDraft, TableDraft } from '../tables/table-draft';
import { containsAggregateFunction, parseFieldReference, replaceFieldReferences } from './sql-references';

/** Compiled sql and every explore table it reads. */
export interface CompiledSql {
  sql: string;
  tables: string[];
}

export interface FieldCompilerContext {
  dialect: SqlDialect;
  now: Date;
  startOfWeek?: WeekDay;
  /** The explore's `case_sensitive`: how string metric filters compare unless the dimension says otherwise. */
  caseSensitive?: boolean;
}

type Resolver = (table: string, name: string, reference: string) => CompiledSql;

/**
 * Resolves references in the sql of an explore's fields: `${TABLE}` becomes the quoted table
 * (alias), `${field}` / `${table.field}` the referenced field's compiled sql in parentheses,
 * recursively. Dimension and aggregate metric sql reads dimensions; non-aggregate metrics read
 * metrics (and dimensions when they aggregate themselves); post-calculation metrics read
 * metrics. Results are memoised per explore; cycles and self references are errors.
 */
export class ExploreFieldCompiler {
  private readonly dimensions = new Map<string, CompiledSql>();
  private readonly metrics = new Map<string, CompiledSql>();

  constructor(
    private readonly tables: Readonly<Record<string, TableDraft>>,
    private readonly context: FieldCompilerContext,
  ) {}

  compileDimension(table: string, name: string, stack: readonly string[] = []): CompiledSql {
    const key = `${table}.${name}`;
    const cached = this.dimensions.get(key);
    if (cached) return cached;
    const dimension = this.dimension(table, name, `dimension "${key}"`);
    const compiled = this.compileReferences(dimension.sql, table, `dimension "${key}"`, (refTable, refName, reference) =>
      this.compileDimension(
        refTable,
        this.dimension(refTable, refName, `\${${reference}} in dimension "${key}"`).name,
        this.enter(stack, `dimension "${key}"`, `dimension "${refTable}.${refName}"`),
      ),
    );
    this.dimensions.set(key, compiled);
    return compiled;
  }

  compileMetric(table: string, name: string, stack: readonly string[] = []): CompiledSql {
    const key = `${table}.${name}`;
    const cached = this.metrics.get(key);
    if (cached) return cached;
    const metric = this.metric(table, name, `metric "${key}"`);
    const where = `metric "${key}"`;
    const compiled = isAggregateMetricType(metric.type)
      ? this.compileAggregate(metric, metric.type, where)
      : this.compileCalculated(metric, where, stack);
    this.metrics.set(key, compiled);
    return compiled;
  }

  /** `sql_on`, `sql_filter`: sql over dimensions, `${TABLE}` being `table`. */
  compileDimensionSql(sql: string, table: string, where: string): CompiledSql {
    return this.compileReferences(sql, table, where, (refTable, refName, reference) =>
      this.compileDimension(refTable, this.dimension(refTable, refName, `\${${reference}} in ${where}`).name),
    );
  }

  /** The compiled sql of each `distinct_keys` entry (dimension references) of a metric. */
  compileDistinctKeys(metric: MetricDraft): string[] {
    return (metric.distinctKeys ?? []).map((key) => {
      const { table, name } = parseFieldReference(
        key.replace(/^\$\{(.*)\}$/, '$1'),
        metric.table,
        `distinct_keys of metric "${metric.table}.${metric.name}"`,
      );
      this.dimension(table, name, `distinct_keys of metric "${metric.table}.${metric.name}"`);
      return this.compileDimension(table, name).sql;
    });
  }

  private compileAggregate(metric: MetricDraft, type: AggregateMetricType, where: string): CompiledSql {
    const value = this.compileReferences(metric.sql, metric.table, where, (refTable, refName, reference) => {
      if (!this.tables[refTable]?.dimensions[refName] && this.tables[refTable]?.metrics[refName]) {
        throw new Error(`\${${reference}} in ${where} is a metric; ${metric.type} metrics can only reference dimensions`);
      }
      return this.compileDimension(refTable, this.dimension(refTable, refName, `\${${reference}} in ${where}`).name);
    });
    if ((metric.type === 'sum_distinct' || metric.type === 'average_distinct') && (metric.distinctKeys ?? []).length === 0) {
      throw new Error(`${where} is ${metric.type} and needs distinct_keys`);
    }
    const tables = [...value.tables];
    let sql = value.sql;
    if (metric.filters.length > 0) {
      const conditions = metric.filters.map((rule) => {
        const { table, name } = parseFieldReference(rule.target.fieldRef, metric.table, `the filters of ${where}`);
        const dimension = this.dimension(table, name, `the filter on "${rule.target.fieldRef}" of ${where}`);
        const compiled = this.compileDimension(table, name);
        tables.push(...compiled.tables);
        const caseSensitive = dimension.caseSensitive ?? this.context.caseSensitive ?? true;
        return `(${renderFilterRuleSql(rule, compiled.sql, dimension.type, { ...this.context, caseSensitive })})`;
      });
      sql = `CASE WHEN ${conditions.join(' AND ')} THEN (${sql}) ELSE NULL END`;
    }
    const percentile = metric.type === 'percentile' && metric.percentile !== undefined ? { percentile: metric.percentile } : {};
    return { sql: this.context.dialect.metricSql(type, sql, percentile), tables: [...new Set(tables)] };
  }

  private compileCalculated(metric: MetricDraft, where: string, stack: readonly string[]): CompiledSql {
    if (metric.filters.length > 0) throw new Error(`${where} is a ${metric.type} metric; filters only apply to aggregate metrics`);
    const readsDimensions = isNonAggregateMetricType(metric.type) && containsAggregateFunction(metric.sql);
    return this.compileReferences(metric.sql, metric.table, where, (refTable, refName, reference) => {
      if (this.tables[refTable]?.metrics[refName])
        return this.compileMetric(refTable, refName, this.enter(stack, where, `metric "${refTable}.${refName}"`));
      if (readsDimensions && this.tables[refTable]?.dimensions[refName]) return this.compileDimension(refTable, refName);
      throw new Error(`\${${reference}} in ${where} does not name a metric of "${refTable}"`);
    });
  }

  private compileReferences(sql: string, table: string, where: string, resolve: Resolver): CompiledSql {
    const tables = [table];
    const compiled = replaceFieldReferences(sql, (reference) => {
      if (reference === 'TABLE') return this.context.dialect.quoteTableAlias(table);
      const target = parseFieldReference(reference, table, where);
      if (!this.tables[target.table]) {
        throw new Error(`\${${reference}} in ${where} refers to table "${target.table}", which is not part of this explore`);
      }
      const resolved = resolve(target.table, target.name, reference);
      tables.push(...resolved.tables);
      return `(${resolved.sql})`;
    });
    return { sql: compiled, tables: [...new Set(tables)] };
  }

  /** The stack with `next` entered from `current`; entering something already on it is a cycle. */
  private enter(stack: readonly string[], current: string, next: string): string[] {
    const path = stack.length === 0 ? [current] : [...stack];
    if (next === current) throw new Error(`${current} references itself`);
    if (path.includes(next)) throw new Error(`${current} is part of a circular reference: ${[...path, next].join(' → ')}`);
    return [...path, next];
  }

  private dimension(table: string, name: string, where: string): DimensionDraft {
    const found = this.tables[table]?.dimensions[name];
    if (!found) throw new Error(`${where}: "${name}" is not a dimension of "${table}"`);
    return found;
  }

  private metric(table: string, name: string, where: string): MetricDraft {
    const found = this.tables[table]?.metrics[name];
    if (!found) throw new Error(`${where}: "${name}" is not a metric of "${table}"`);
    return found;
  }
}
