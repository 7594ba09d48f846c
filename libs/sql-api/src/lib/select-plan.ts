import type { FilterGroup, Filters, MetricQuery, Sort } from '@quarry/domain';

import { FilterBuilder } from './bind-filters';
import { ExploreScope } from './explore-scope';
import { asKind, type Node, names, nodeKind, walkNodes } from './sql-parser';
import {
  type BindOptions,
  type BoundMetricQuery,
  type MetricQueryPlan,
  SqlApiError,
  type SqlCatalogColumn,
  type SqlCatalogTable,
  type SqlParameterValue,
  type SqlResultColumn,
  type SqlType,
} from './sql-plan';
import { bindValue, type ValueExpr, valueExpr } from './sql-values';
import { singleRangeVar } from './statement-relations';
import { conjuncts, type Predicate, predicateColumns, predicateOf } from './where-predicates';

/** A select-list entry: the column it shows and the field that fills it. */
interface Target {
  name: string;
  column: SqlCatalogColumn;
  /** Came from `*`: grouped implicitly. */
  fromStar: boolean;
}

const DEFAULT_LIMIT = 5000;

/**
 * Translates a SELECT over one explore into a MetricQuery plan (Cube's SQL API semantics: every
 * query is grouped by its selected dimensions; metrics are aggregated by their own definition).
 */
export function planSelect(select: Node, table: SqlCatalogTable): MetricQueryPlan {
  refuseUnsupportedClauses(select);
  const range = singleRangeVar(select);
  const alias = asKind({ Alias: range['alias'] }, 'Alias')?.['aliasname'];
  const scope = new ExploreScope(table, alias === undefined ? [table.name] : [String(alias)]);
  const targets = selectTargets(select, scope);
  const dimensions = unique(targets.filter((target) => target.column.kind === 'dimension').map((target) => target.column.name));
  const metrics = unique(targets.filter((target) => target.column.kind === 'metric').map((target) => target.column.name));
  checkGrouping(select, scope, targets, dimensions, metrics);

  const where = select['whereClause'] ? predicateOf(select['whereClause'], scope, 'WHERE') : undefined;
  const having = select['havingClause'] ? predicateOf(select['havingClause'], scope, 'HAVING') : undefined;
  if (having) {
    const ungrouped = predicateColumns(having).find((column) => column.kind === 'dimension' && !dimensions.includes(column.name));
    if (ungrouped) throw new SqlApiError('42803', `column "${ungrouped.name}" must appear in the GROUP BY clause or be used in an aggregate function (in HAVING)`);
  }
  const split = splitFilters([...(where ? conjuncts(where) : []), ...(having ? conjuncts(having) : [])]);
  const sorts = sortsOf(select, scope, targets);
  const limit = pageValue(select['limitCount'], 'LIMIT');
  const offset = pageValue(select['limitOffset'], 'OFFSET');
  if (select['limitOption'] === 'LIMIT_OPTION_WITH_TIES') throw new SqlApiError('0A000', 'FETCH … WITH TIES is not supported by the SQL API');
  const parameterTypes = inferParameterTypes(select, [...split.dimensions, ...split.metrics], [limit, offset]);

  const bindQuery = (parameters: SqlParameterValue[], options: BindOptions = {}): BoundMetricQuery => {
    if (parameters.length < parameterTypes.length) {
      throw new SqlApiError('08P01', `bind message supplies ${parameters.length} parameters, but the statement requires ${parameterTypes.length}`);
    }
    const context = { parameters, now: options.now ?? new Date(), timezone: options.timezone ?? 'UTC' };
    const builder = new FilterBuilder(context);
    const group = (predicates: Predicate[], id: string): FilterGroup | undefined =>
      predicates.length === 0 ? undefined : { id, and: predicates.map((predicate) => builder.build(predicate, true)) };
    const filters: Filters = {};
    const dimensionFilters = group(split.dimensions, 'sql_dimensions');
    const metricFilters = group(split.metrics, 'sql_metrics');
    if (dimensionFilters) filters.dimensions = dimensionFilters;
    if (metricFilters) filters.metrics = metricFilters;
    const rowLimit = limit ? countValue(bindValue(limit, context, 'int8'), 'LIMIT', '2201W') : null;
    const skip = offset ? (countValue(bindValue(offset, context, 'int8'), 'OFFSET', '2201X') ?? 0) : 0;
    const query: MetricQuery = {
      exploreName: table.name,
      dimensions,
      metrics,
      filters,
      sorts,
      limit: Math.max(1, (rowLimit ?? options.defaultLimit ?? DEFAULT_LIMIT) + skip),
      tableCalculations: [],
    };
    return { query, offset: skip, limit: rowLimit };
  };
  return {
    kind: 'metricQuery',
    exploreName: table.name,
    columns: targets.map((target): SqlResultColumn => ({ name: target.name, fieldId: target.column.name, type: target.column.type })),
    parameterTypes,
    bindQuery,
    bind: (parameters, options) => bindQuery(parameters, options).query,
  };
}

function refuseUnsupportedClauses(select: Node): void {
  if (select['op'] && select['op'] !== 'SETOP_NONE') throw new SqlApiError('0A000', `${String(select['op']).replace('SETOP_', '')} is not supported by the SQL API`);
  if (select['withClause']) throw new SqlApiError('0A000', 'WITH (common table expressions) over explores is not supported by the SQL API');
  if (select['intoClause']) throw new SqlApiError('25006', 'cannot execute SELECT INTO in a read-only transaction');
  if (select['lockingClause']) throw new SqlApiError('25006', 'cannot lock rows (SELECT … FOR UPDATE/SHARE) in a read-only transaction');
  if (select['windowClause']) throw new SqlApiError('0A000', 'window functions (WINDOW) are not supported by the SQL API');
  const distinct = select['distinctClause'] as unknown[] | undefined;
  // DISTINCT alone is `[{}]`: grouped rows are already distinct. DISTINCT ON lists expressions.
  if (distinct && distinct.some((item) => item !== null && typeof item === 'object' && Object.keys(item).length > 0)) {
    throw new SqlApiError('0A000', 'DISTINCT ON is not supported by the SQL API');
  }
}

function selectTargets(select: Node, scope: ExploreScope): Target[] {
  const targets: Target[] = [];
  for (const item of (select['targetList'] as unknown[] | undefined) ?? []) {
    const target = asKind(item, 'ResTarget') ?? {};
    const alias = target['name'] === undefined ? undefined : String(target['name']);
    const [kind, body] = nodeKind(target['val']);
    if (kind === 'ColumnRef') {
      const fields = (body['fields'] as unknown[]) ?? [];
      if (asKind(fields.at(-1), 'A_Star')) {
        const qualifier = names(fields.slice(0, -1));
        if (qualifier.length > 0 && !scope.qualifies(qualifier)) throw new SqlApiError('42P01', `missing FROM-clause entry for table "${qualifier.join('.')}"`);
        targets.push(...scope.table.columns.map((column) => ({ name: column.name, column, fromStar: true })));
        continue;
      }
      const column = scope.column(body);
      targets.push({ name: alias ?? column.name, column, fromStar: false });
      continue;
    }
    if (kind === 'FuncCall') {
      const column = scope.metricCall(body);
      if (!column) throw new SqlApiError('0A000', `functions over fields (${names(body['funcname']).join('.')}()) are not supported in the select list`);
      targets.push({ name: alias ?? (names(body['funcname']).at(-1) ?? '').toLowerCase(), column, fromStar: false });
      continue;
    }
    if (kind === 'SubLink') throw new SqlApiError('0A000', 'subqueries are not supported by the SQL API (in the select list)');
    if (kind === 'A_Const' || kind === 'ParamRef') throw new SqlApiError('0A000', 'constants in the select list of an explore query are not supported: select fields');
    throw new SqlApiError('0A000', `expressions over fields (${kind}) are not supported in the select list: select dimensions and metrics`);
  }
  if (targets.length === 0) throw new SqlApiError('0A000', 'a query of an explore selects at least one dimension or metric');
  return targets;
}

/**
 * GROUP BY names or positions of selected dimensions. With metrics, every selected dimension must be
 * grouped (PostgreSQL's 42803); `*` groups by every dimension; without metrics, the dimensions are
 * grouped implicitly (a query of an explore is always grouped).
 */
function checkGrouping(select: Node, scope: ExploreScope, targets: Target[], dimensions: string[], metrics: string[]): void {
  const clause = select['groupClause'] as unknown[] | undefined;
  if (!clause || clause.length === 0) {
    const explicit = targets.find((target) => target.column.kind === 'dimension' && !target.fromStar);
    if (metrics.length > 0 && explicit && !targets.some((target) => target.fromStar)) {
      throw new SqlApiError('42803', `column "${explicit.column.name}" must appear in the GROUP BY clause or be used in an aggregate function`);
    }
    return;
  }
  if (select['groupDistinct']) throw new SqlApiError('0A000', 'GROUP BY DISTINCT is not supported');
  const grouped = new Set<string>();
  for (const item of clause) {
    const column = referencedColumn(item, scope, targets, 'GROUP BY', false);
    if (column.kind === 'metric') throw new SqlApiError('42803', `aggregate functions are not allowed in GROUP BY (${column.name} is a metric)`);
    if (!dimensions.includes(column.name)) {
      throw new SqlApiError('0A000', `GROUP BY ${column.name}, which is not selected, is not supported: the query is grouped by its selected dimensions`);
    }
    grouped.add(column.name);
  }
  const missing = dimensions.find((dimension) => !grouped.has(dimension));
  if (missing) throw new SqlApiError('42803', `column "${missing}" must appear in the GROUP BY clause or be used in an aggregate function`);
}

/**
 * The field a GROUP BY / ORDER BY item names: a position in the select list, an output name, a field
 * id, or a metric call. ORDER BY prefers output names, GROUP BY input columns, as PostgreSQL does.
 */
function referencedColumn(node: unknown, scope: ExploreScope, targets: Target[], clause: string, outputFirst: boolean): SqlCatalogColumn {
  const [kind, body] = nodeKind(node);
  if (kind === 'A_Const') {
    const position = body['ival'] ? Number((body['ival'] as Node)['ival'] ?? 0) : Number.NaN;
    if (!Number.isInteger(position)) throw new SqlApiError('42601', `non-integer constant in ${clause}`);
    const target = targets[position - 1];
    if (!target) throw new SqlApiError('42P10', `${clause} position ${position} is not in select list`);
    return target.column;
  }
  if (kind === 'ColumnRef') {
    const parts = names(body['fields']);
    const output = parts.length === 1 ? targets.find((target) => target.name === parts[0]) : undefined;
    const input = (): SqlCatalogColumn | undefined => {
      try {
        return scope.column(body);
      } catch (error) {
        if (output) return undefined;
        throw error;
      }
    };
    if (outputFirst && output) return output.column;
    return input() ?? (output as Target).column;
  }
  if (kind === 'FuncCall') {
    const metric = scope.metricCall(body);
    if (metric) return metric;
  }
  throw new SqlApiError('0A000', `expressions in ${clause} are not supported: name a selected column or its position`);
}

function sortsOf(select: Node, scope: ExploreScope, targets: Target[]): Sort[] {
  const sorts: Sort[] = [];
  for (const item of (select['sortClause'] as unknown[] | undefined) ?? []) {
    const sortBy = asKind(item, 'SortBy') ?? {};
    const column = referencedColumn(sortBy['node'], scope, targets, 'ORDER BY', true);
    if (!targets.some((target) => target.column.name === column.name)) {
      throw new SqlApiError('0A000', `ORDER BY ${column.name}, which is not selected, is not supported: select it too`);
    }
    if (sortBy['sortby_dir'] === 'SORTBY_USING') throw new SqlApiError('0A000', 'ORDER BY … USING is not supported');
    const descending = sortBy['sortby_dir'] === 'SORTBY_DESC';
    const nulls = sortBy['sortby_nulls'];
    // PostgreSQL's default: NULLs sort as larger than every value. Said explicitly, so every warehouse agrees.
    const nullsFirst = nulls === 'SORTBY_NULLS_FIRST' ? true : nulls === 'SORTBY_NULLS_LAST' ? false : descending;
    if (!sorts.some((sort) => sort.fieldId === column.name)) sorts.push({ fieldId: column.name, descending, nullsFirst });
  }
  return sorts;
}

/** LIMIT / OFFSET: absent and NULL (LIMIT ALL) are no value; a constant or a parameter otherwise. */
function pageValue(node: unknown, clause: string): ValueExpr | undefined {
  if (node === undefined) return undefined;
  const expr = valueExpr(node, clause);
  if (expr.kind === 'relative') throw new SqlApiError('42601', `${clause} takes a number`);
  if (expr.kind === 'const' && expr.value === null) return undefined;
  return expr;
}

function countValue(value: SqlParameterValue, clause: string, negativeState: string): number | null {
  if (value === null) return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || typeof value === 'boolean') throw new SqlApiError('22P02', `invalid input syntax for type bigint: "${String(value)}" (${clause})`);
  if (number < 0) throw new SqlApiError(negativeState, `${clause} must not be negative`);
  return Math.round(number);
}

/** Conjuncts on dimensions filter rows; on metrics, groups. A conjunct mixing both cannot be said. */
function splitFilters(predicates: Predicate[]): { dimensions: Predicate[]; metrics: Predicate[] } {
  const dimensions: Predicate[] = [];
  const metrics: Predicate[] = [];
  for (const predicate of predicates) {
    const kinds = new Set(predicateColumns(predicate).map((column) => column.kind));
    if (kinds.size > 1) {
      throw new SqlApiError('0A000', 'a condition that mixes dimensions and metrics under OR or NOT cannot be expressed: dimension filters apply before aggregation, metric filters after');
    }
    (kinds.has('metric') ? metrics : dimensions).push(predicate);
  }
  return { dimensions, metrics };
}

/** $n's type: the type of what it is compared with (text for LIKE patterns, int8 for LIMIT/OFFSET, text when unused). */
function inferParameterTypes(select: Node, predicates: Predicate[], page: Array<ValueExpr | undefined>): SqlType[] {
  let count = 0;
  walkNodes(select, (kind, body) => {
    if (kind === 'ParamRef') count = Math.max(count, Number(body['number']));
  });
  const types: Array<SqlType | undefined> = new Array(count).fill(undefined);
  const assign = (expr: ValueExpr | null | undefined, type: SqlType): void => {
    if (expr?.kind === 'param' && types[expr.index - 1] === undefined) types[expr.index - 1] = type;
  };
  const visit = (predicate: Predicate): void => {
    switch (predicate.kind) {
      case 'and':
      case 'or':
        return predicate.items.forEach(visit);
      case 'not':
        return visit(predicate.item);
      case 'compare':
      case 'distinct':
        return assign(predicate.value, predicate.column.type);
      case 'in':
        return predicate.values.forEach((value) => assign(value, predicate.column.type));
      case 'like':
        assign(predicate.pattern, 'text');
        return assign(predicate.escape, 'text');
      case 'between':
        assign(predicate.low, predicate.column.type);
        return assign(predicate.high, predicate.column.type);
      default:
        return;
    }
  };
  predicates.forEach(visit);
  page.forEach((expr) => assign(expr, 'int8'));
  return types.map((type) => type ?? 'text');
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
