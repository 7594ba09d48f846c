import type { SqlDialect } from '@quarry/dialects';
import {
  type AdditionalMetric,
  type Dimension,
  type Explore,
  fieldId,
  isAggregateMetricType,
  isMetricType,
  type Metric,
} from '@quarry/domain';

import { badQueryError } from '../errors/query-errors';
import { filterRuleSql, type RuleSqlContext } from '../filters/filter-rule-sql';
import { replaceFieldReferences, splitReference } from '../references/field-references';

/** A custom metric compiled like a project metric: its sql and the tables it reads. */
export interface CompiledAdditionalMetric {
  metric: Metric;
  tables: string[];
}

/**
 * Turns a query's custom metric into a metric of the explore (semantics.md §3): `${TABLE}` is the
 * quoted table, `${dim}` / `${table.dim}` the dimension's compiled sql; filters (request input,
 * so bound) wrap the value in `CASE WHEN … THEN x ELSE NULL END` before aggregating.
 */
export function compileAdditionalMetric(
  additional: AdditionalMetric,
  explore: Explore,
  dialect: SqlDialect,
  rules: RuleSqlContext,
): CompiledAdditionalMetric {
  const id = fieldId(additional.table, additional.name);
  const table = explore.tables[additional.table];
  if (!table)
    throw badQueryError(`Custom metric "${id}" is on table "${additional.table}", which is not part of this explore`, {
      fieldId: id,
      table: additional.table,
    });
  if (!isMetricType(additional.type) || !isAggregateMetricType(additional.type)) {
    throw badQueryError(`Custom metric "${id}" has type ${JSON.stringify(additional.type)}; custom metrics must aggregate`, {
      fieldId: id,
      type: additional.type,
    });
  }
  if (additional.type === 'sum_distinct' || additional.type === 'average_distinct') {
    throw badQueryError(`Custom metric "${id}" is ${additional.type}, which needs distinct_keys: declare it in the project instead`, {
      fieldId: id,
      type: additional.type,
    });
  }
  if (
    additional.percentile !== undefined &&
    (typeof additional.percentile !== 'number' || !(additional.percentile >= 0 && additional.percentile <= 100))
  ) {
    throw badQueryError(`Custom metric "${id}" has percentile ${JSON.stringify(additional.percentile)}; it must be between 0 and 100`, {
      fieldId: id,
      percentile: additional.percentile,
    });
  }
  if (typeof additional.sql !== 'string' || additional.sql.trim() === '')
    throw badQueryError(`Custom metric "${id}" has no sql`, { fieldId: id });
  const tables = new Set<string>([additional.table]);
  const dimensionOf = (reference: string, where: string): Dimension => {
    const target = splitReference(reference, additional.table);
    const dimension = target ? explore.tables[target.table]?.dimensions[target.name] : undefined;
    if (!dimension) throw badQueryError(`\${${reference}} in ${where} is not a dimension of this explore`, { fieldId: id, reference });
    dimension.tablesReferences.forEach((name) => tables.add(name));
    return dimension;
  };
  let value = replaceFieldReferences(additional.sql, (reference) =>
    reference === 'TABLE' ? dialect.quoteTableAlias(additional.table) : `(${dimensionOf(reference, `custom metric "${id}"`).compiledSql})`,
  );
  const filters = additional.filters ?? [];
  if (filters.length > 0) {
    const conditions = filters.map((rule) => {
      const dimension = dimensionOf(rule.target.fieldRef, `the filters of custom metric "${id}"`);
      const caseSensitive = dimension.caseSensitive ?? explore.caseSensitive ?? true;
      return `(${filterRuleSql(rule, dimension.compiledSql, dimension.type, fieldId(dimension.table, dimension.name), { ...rules, caseSensitive })})`;
    });
    value = `CASE WHEN ${conditions.join(' AND ')} THEN (${value}) ELSE NULL END`;
  }
  const compiledSql = dialect.metricSql(
    additional.type,
    value,
    additional.percentile === undefined ? {} : { percentile: additional.percentile },
  );
  const metric: Metric = {
    fieldType: 'metric',
    name: additional.name,
    label: additional.label ?? additional.name,
    table: additional.table,
    tableLabel: table.label,
    type: additional.type,
    sql: additional.sql,
    compiledSql,
    tablesReferences: [...tables],
    hidden: additional.hidden ?? false,
    filters: [],
    ...(additional.description === undefined ? {} : { description: additional.description }),
    ...(additional.percentile === undefined ? {} : { percentile: additional.percentile }),
    ...(additional.round === undefined ? {} : { round: additional.round }),
    ...(additional.compact === undefined ? {} : { compact: additional.compact }),
    ...(additional.format === undefined ? {} : { format: additional.format }),
    ...(additional.baseDimensionName === undefined ? {} : { dimensionReference: fieldId(additional.table, additional.baseDimensionName) }),
  };
  return { metric, tables: [...tables] };
}
