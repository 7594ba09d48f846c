import { type SqlDialect, weekStartOf } from '@quarry/dialects';
import {
  type BinCustomDimension,
  type CompileContext,
  type Explore,
  type FilterRule,
  joinsNeeded,
  type MetricQuery,
  type TimeFrame,
} from '@quarry/domain';

import { columnNamesOf } from './columns/column-names';
import type { CompiledQuery, CompileOptions } from './compile-types';
import { badFilterError, badQueryError } from './errors/query-errors';
import { FieldIndex } from './fields/field-index';
import { metricValueType } from './fields/metric-value-type';
import { outputFields } from './fields/output-fields';
import type { QueryDimension, QueryMetric } from './fields/query-field';
import { filterGroupSql, rulesOf } from './filters/filter-group-sql';
import { filterRuleSql, type RuleSqlContext } from './filters/filter-rule-sql';
import { isKnownTimeZone, RelativeDates } from './filters/relative-date-bounds';
import { ruleData, ruleName } from './filters/rule-names';
import { joinKeyword, tablesReadBy } from './joins/joined-tables';
import { ParamBinder } from './params/param-binder';
import { renderForDisplay } from './params/render-for-display';
import { RuntimeReferences } from './references/runtime-references';
import { type BinSql, binSql } from './stages/bins';
import { type GroupColumn, isDistinctMetric } from './stages/distinct-metrics';
import { fanOutCtes } from './stages/fan-out-ctes';
import { fanOutWarnings } from './stages/fan-out-warnings';
import { metricsStage } from './stages/metrics-stage';
import { outerQuery } from './stages/outer-query';
import { popMetrics, sameTimeDimension } from './stages/period-over-period';
import { isPostCalculation } from './stages/post-calculation-metrics';
import { requiredFilters } from './stages/required-filters';
import { returnsDistinctRows } from './stages/row-level';
import { sortCutoff } from './stages/sort-cutoff';
import { effectiveSorts, needsNameSort, orderByItems } from './stages/sorts';
import { compileTableCalculations, layerCalculations } from './stages/table-calculations';
import { validateQueryShape } from './validate-query-shape';

/**
 * Compiles a metric query against an explore into SQL for one warehouse (semantics.md §2–5).
 * Values from the request — filter values, parameters, user attributes — are bound (`$n`), never
 * written into the SQL; filters declared in the project are literals, as in compiledSql.
 * Stages: base aggregate query → `metrics` CTE → post-calculation metrics → metric filters →
 * table calculations (one CTE per dependency level) → final SELECT with table-calculation
 * filters, ORDER BY and LIMIT. Without any of those stages, the base query is the query.
 */
export function compile(
  explore: Explore,
  query: MetricQuery,
  dialect: SqlDialect,
  context: CompileContext = {},
  options: CompileOptions = {},
): CompiledQuery {
  validateQueryShape(query);
  const zone = query.timezone ?? context.timezone ?? 'UTC';
  if (!isKnownTimeZone(zone)) throw badQueryError(`Unknown time zone "${zone}"`, { timezone: zone });
  const now = context.now ?? new Date();
  const binder = new ParamBinder(dialect);
  const references = new RuntimeReferences(context, binder);
  const dates = new RelativeDates(now, zone, weekStartOf(context.startOfWeek));
  const rules: RuleSqlContext = { dialect, binder, dates, caseSensitive: true };
  const index = new FieldIndex(explore, query, dialect, references, context, rules);
  const q = (name: string): string => dialect.quoteColumn(name);

  // ── what is selected ──────────────────────────────────────────────────────────────────────
  const bins = new Map<string, BinCustomDimension>();
  for (const custom of query.customDimensions ?? []) if (custom.type === 'bin') bins.set(custom.id, custom);
  const dimensions: QueryDimension[] = [];
  const binSelects: Array<{ bin: BinCustomDimension; sql: BinSql; tables: string[] }> = [];
  for (const id of unique(query.dimensions)) {
    const bin = bins.get(id);
    if (bin) {
      const base = index.exploreDimension(bin.dimensionId);
      if (!base)
        throw badQueryError(`Custom dimension "${bin.id}" bins "${bin.dimensionId}", which is not a dimension of this explore`, {
          customDimensionId: bin.id,
          dimensionId: bin.dimensionId,
        });
      const d = index.dimension(bin.dimensionId, `custom dimension "${bin.id}"`).sql;
      const fromSql = references.substitute(explore.tables[base.table]?.sqlTable ?? '');
      binSelects.push({ bin, sql: binSql(bin, base, d, fromSql, dialect), tables: base.tablesReferences });
      continue;
    }
    dimensions.push(index.dimension(id, 'dimensions'));
  }
  const metrics: QueryMetric[] = unique(query.metrics).map((id) => index.metric(id, 'metrics'));

  // ── filters ───────────────────────────────────────────────────────────────────────────────
  const filterTables = new Set<string>();
  const renderDimensionRule = (rule: FilterRule, skip?: (dimension: QueryDimension) => boolean): string | null => {
    const target = ruleTarget(rule, 'dimensions');
    if (!index.isDimension(target)) {
      if (index.isMetric(target))
        throw badFilterError(`${ruleName(rule.id)} is a dimension filter but "${target}" is a metric`, ruleData(rule.id, target));
      throw badFilterError(`${ruleName(rule.id)} targets "${target}", which is not a field of this explore`, ruleData(rule.id, target));
    }
    const dimension = index.dimension(target, ruleName(rule.id).toLowerCase());
    if (skip?.(dimension)) return null;
    dimension.tables.forEach((table) => filterTables.add(table));
    return filterRuleSql(rule, dimension.sql, dimension.type, target, {
      ...rules,
      caseSensitive: caseSensitivity(rule, dimension, explore),
    });
  };
  const dimensionWhere = filterGroupSql(query.filters?.dimensions, (rule) => renderDimensionRule(rule));
  const filterOnlyMetrics: QueryMetric[] = [];
  const metricWhere = filterGroupSql(query.filters?.metrics, (rule) => {
    const target = ruleTarget(rule, 'metrics');
    if (!index.isMetric(target))
      throw badFilterError(`${ruleName(rule.id)} targets "${target}", which is not a metric of this explore`, ruleData(rule.id, target));
    const metric = index.metric(target, ruleName(rule.id).toLowerCase());
    if (!metrics.includes(metric) && !filterOnlyMetrics.includes(metric)) filterOnlyMetrics.push(metric);
    // Metrics compare case-sensitively: their values are computed, not stored labels.
    return filterRuleSql(rule, q(metric.id), metricValueType(metric, explore), target, {
      ...rules,
      caseSensitive: rule.caseSensitive ?? true,
    });
  });
  const filteredDimensionIds = new Set(rulesOf(query.filters?.dimensions).map((rule) => rule.target?.fieldId));
  const required = requiredFilters(explore, filteredDimensionIds, {
    dialect,
    now,
    references,
    dates,
    ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }),
  });

  // ── table calculations ────────────────────────────────────────────────────────────────────
  const selectedIds = [...dimensions.map((d) => d.id), ...binSelects.map((b) => b.bin.id), ...metrics.map((m) => m.id)];
  const columns = new Set(selectedIds);
  const sorts = effectiveSorts(
    query.sorts ?? [],
    dimensions,
    metrics.map((m) => m.id),
  );
  const calculations = compileTableCalculations(query.tableCalculations ?? [], {
    columns,
    isFieldId: (id) => index.isDimension(id) || index.isMetric(id) || bins.has(id),
    sorts,
    dialect,
    references,
  });
  const calculationNames = new Set(calculations.map((c) => c.name));
  const calculationWhere = filterGroupSql(query.filters?.tableCalculations, (rule) => {
    const target = ruleTarget(rule, 'tableCalculations');
    const calculation = calculations.find((c) => c.name === target);
    if (!calculation)
      throw badFilterError(
        `${ruleName(rule.id)} targets "${target}", which is not a table calculation of this query`,
        ruleData(rule.id, target),
      );
    return filterRuleSql(rule, q(target), calculation.type, target, { ...rules, caseSensitive: rule.caseSensitive ?? true });
  });

  // ── joins ─────────────────────────────────────────────────────────────────────────────────
  const baseTable = explore.tables[explore.baseTable];
  if (!baseTable) throw badQueryError(`Explore "${explore.name}" has no base table`, { explore: explore.name });
  const sqlWhere = baseTable.sqlWhere ? references.substitute(baseTable.sqlWhere) : null;
  const referenced = new Set<string>([explore.baseTable]);
  for (const dimension of dimensions) dimension.tables.forEach((t) => referenced.add(t));
  for (const metric of [...metrics, ...filterOnlyMetrics]) metric.tables.forEach((t) => referenced.add(t));
  for (const bin of binSelects) bin.tables.forEach((t) => referenced.add(t));
  filterTables.forEach((t) => referenced.add(t));
  for (const filter of required) filter.tables.forEach((t) => referenced.add(t));
  if (sqlWhere) tablesReadBy(sqlWhere, explore, (alias) => dialect.quoteTableAlias(alias)).forEach((t) => referenced.add(t));
  const joins = joinsNeeded(explore, referenced);

  // ── base query ────────────────────────────────────────────────────────────────────────────
  const sortedIds = new Set(sorts.map((sort) => sort.fieldId));
  const groupColumns: GroupColumn[] = dimensions.map((dimension) => ({ sql: dimension.selectSql, alias: dimension.id }));
  for (const { bin, sql } of binSelects) {
    groupColumns.push({ sql: sql.label, alias: bin.id });
    if (sortedIds.has(bin.id)) groupColumns.push({ sql: sql.order, alias: `${bin.id}_order` });
  }
  const aggregated = [...metrics, ...filterOnlyMetrics];
  if (groupColumns.length === 0 && aggregated.length === 0)
    throw badQueryError('The query selects no dimension and no metric', { dimensions: query.dimensions, metrics: query.metrics });

  const from = [`FROM ${references.substitute(baseTable.sqlTable)} AS ${dialect.quoteTableAlias(explore.baseTable)}`];
  for (const join of joins) {
    const table = explore.tables[join.table];
    if (!table) continue;
    from.push(
      `${joinKeyword(join)} ${references.substitute(table.sqlTable)} AS ${dialect.quoteTableAlias(join.table)}\n  ` +
        `ON ${references.substitute(join.compiledSqlOn)}`,
    );
  }
  for (const { sql } of binSelects) if (sql.cte) from.push(`CROSS JOIN ${q(sql.cte.name)}`);
  const whereParts = [sqlWhere === null ? null : `(${sqlWhere})`, dimensionWhere, ...required.map((r) => r.sql)].filter(
    (part): part is string => part !== null,
  );
  const whereSql = whereParts.length > 0 ? `WHERE ${whereParts.join(' AND ')}` : '';
  // Grouping also applies without metrics: each combination of dimensions is returned once —
  // unless the rows are distinct already (row-level queries that select every primary key).
  const groupedRows =
    aggregated.length > 0 ||
    binSelects.length > 0 ||
    !returnsDistinctRows(explore, [explore.baseTable, ...joins.map((join) => join.table)], dimensions);
  const groupBy = groupedRows && groupColumns.length > 0 ? `GROUP BY ${groupColumns.map((_column, index) => index + 1).join(',')}` : '';
  const distinctMetrics = aggregated.filter(isDistinctMetric);
  const fanOut = fanOutCtes(
    aggregated.filter((metric) => !isDistinctMetric(metric)),
    joins,
    { explore, dialect, references, groupColumns, fromSql: from.join('\n'), whereSql },
  );
  const computedApart = new Set([...distinctMetrics, ...fanOut.flatMap((part) => part.metrics)]);
  const plainMetrics = aggregated.filter((metric) => !computedApart.has(metric));
  const pop = query.periodOverPeriod ? popMetrics(query.periodOverPeriod, dimensions, metrics) : null;
  if (pop && computedApart.size > 0) {
    throw badQueryError(
      'Period over period cannot yet be combined with sum_distinct / average_distinct metrics or fan-out protected joins',
      { metrics: [...computedApart].map((m) => m.id) },
    );
  }
  const selects = [
    ...groupColumns.map((column) => `  ${column.sql} AS ${q(column.alias)}`),
    ...plainMetrics.map((metric) => `  ${metric.sql} AS ${q(metric.id)}`),
  ];
  const selectWhere = (where: string) =>
    ['SELECT', selects.join(',\n'), from.join('\n'), ...(where ? [where] : []), ...(groupBy ? [groupBy] : [])].join('\n');
  const baseQuery = selects.length === 0 ? null : selectWhere(whereSql);

  // ── stages after aggregation ──────────────────────────────────────────────────────────────
  const timeIntervals = new Map<string, TimeFrame | undefined>(
    dimensions.map((d) => [d.id, 'timeInterval' in d.item ? d.item.timeInterval : undefined]),
  );
  const postCalculated = metrics.filter(isPostCalculation);
  const wrap =
    pop !== null ||
    computedApart.size > 0 ||
    postCalculated.length > 0 ||
    metricWhere !== null ||
    calculations.length > 0 ||
    calculationWhere !== null ||
    needsNameSort(sorts, timeIntervals) ||
    filterOnlyMetrics.length > 0;
  const orderBy = orderByItems(sorts, {
    columns: new Set([...columns, ...calculationNames]),
    binIds: new Set(binSelects.map((b) => b.bin.id)),
    timeIntervals,
    dialect,
  });
  // A pivot wraps this query and applies the limit to its own rows.
  const limit = options.withoutLimit ? null : dialect.limitSql(query.limit);
  const ctes: string[] = binSelects.flatMap(({ sql }) => (sql.cte ? [`${q(sql.cte.name)} AS (\n${sql.cte.sql}\n)`] : []));
  const setup: string[] = [];
  let body: string;
  if (!wrap && baseQuery !== null) {
    const large = limit !== null && options.sortCutoffFromRows !== undefined && query.limit >= options.sortCutoffFromRows;
    const cutoff =
      large && groupBy === ''
        ? sortCutoff({
            sorts,
            columnSql: new Map(groupColumns.map((column) => [column.alias, column.sql])),
            limit: query.limit,
            fromSql: from.join('\n'),
            whereSql,
            dialect,
          })
        : null;
    if (cutoff) setup.push(...cutoff.setup);
    const rows = cutoff ? selectWhere(whereSql ? `${whereSql} AND ${cutoff.condition}` : `WHERE ${cutoff.condition}`) : baseQuery;
    body = [rows, ...(orderBy.length > 0 ? [`ORDER BY ${orderBy.join(', ')}`] : []), ...(limit === null ? [] : [limit])].join('\n');
  } else {
    const previousPeriodWhere =
      pop === null
        ? null
        : filterGroupSql(query.filters?.dimensions, (rule) =>
            renderDimensionRule(rule, (dimension) => sameTimeDimension(index.exploreDimension(dimension.id), pop.timeDimension)),
          );
    ctes.push(
      ...metricsStage({
        baseQuery,
        distinctMetrics,
        fanOut,
        distinctContext: {
          explore,
          dialect,
          references,
          now,
          groupColumns,
          fromSql: from.join('\n'),
          whereSql,
          ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }),
        },
        pop:
          pop && query.periodOverPeriod
            ? {
                request: query.periodOverPeriod,
                timeDimension: pop.timeDimension,
                metrics: pop.metrics,
                whereParts: [sqlWhere === null ? null : `(${sqlWhere})`, previousPeriodWhere, ...required.map((r) => r.sql)].filter(
                  (part): part is string => part !== null,
                ),
              }
            : null,
      }),
    );
    const popIds = (pop?.metrics ?? []).map((m) => m.id);
    const outer = outerQuery({
      dialect,
      metricsColumns: [...selectedColumns(dimensions, binSelects, sortedIds), ...aggregated.map((m) => m.id), ...popIds],
      postCalculated,
      sorts,
      metricWhere,
      calculationLayers: layerCalculations(calculations),
      resultColumns: [
        ...selectedColumns(dimensions, binSelects, sortedIds),
        ...metrics.map((m) => m.id),
        ...popIds,
        ...calculations.map((c) => c.name),
      ],
      calculationWhere,
      orderBy,
      limit,
    });
    ctes.push(...outer.ctes);
    body = outer.body;
  }
  const sql = ctes.length > 0 ? `WITH ${ctes.join(',\n')}\n${body}` : body;

  const params = binder.values;
  const fields = {
    ...outputFields(
      query,
      dimensions,
      metrics,
      binSelects.map((b) => b.bin),
      calculations,
    ),
    ...Object.fromEntries((pop?.metrics ?? []).map((m) => [m.id, m.item])),
  };
  return {
    sql: options.inlineParams ? renderForDisplay(sql, params, dialect) : sql,
    params: options.inlineParams ? [] : params,
    ...(setup.length > 0 && !options.inlineParams ? { setup } : {}),
    fields,
    columnNames: columnNamesOf([...Object.keys(fields), ...selectedColumns(dimensions, binSelects, sortedIds)], dialect),
    warnings: fanOutWarnings(explore, joins, plainMetrics),
    parameterReferences: [...references.referencedParameters].sort(),
    missingParameterReferences: [...references.missingParameters].sort(),
  };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function selectedColumns(
  dimensions: readonly QueryDimension[],
  bins: ReadonlyArray<{ bin: BinCustomDimension }>,
  sortedIds: ReadonlySet<string>,
): string[] {
  return [...dimensions.map((d) => d.id), ...bins.flatMap(({ bin }) => (sortedIds.has(bin.id) ? [bin.id, `${bin.id}_order`] : [bin.id]))];
}

function ruleTarget(rule: FilterRule, group: string): string {
  const target = rule?.target?.fieldId;
  if (typeof target !== 'string')
    throw badFilterError(`${ruleName(rule?.id)} in filters.${group} has no target field id`, ruleData(rule?.id));
  return target;
}

/** Case sensitivity of a string rule: the rule's, else the dimension's, else the explore's, else sensitive. */
function caseSensitivity(rule: FilterRule, dimension: QueryDimension, explore: Explore): boolean {
  return rule.caseSensitive ?? dimension.caseSensitive ?? explore.caseSensitive ?? true;
}
