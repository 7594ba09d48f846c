import type { ExploreScope } from './explore-scope';
import { asKind, type Node, names, nodeKind } from './sql-parser';
import { SqlApiError, type SqlCatalogColumn } from './sql-plan';
import { constantValue, type ValueExpr, valueExpr } from './sql-values';

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/**
 * A WHERE / HAVING condition, resolved against the explore at plan time; its values (constants,
 * parameters, clock expressions) are read when the statement is bound.
 */
export type Predicate =
  | { kind: 'and' | 'or'; items: Predicate[] }
  | { kind: 'not'; item: Predicate }
  | { kind: 'compare'; column: SqlCatalogColumn; operator: ComparisonOperator; value: ValueExpr }
  | { kind: 'distinct'; column: SqlCatalogColumn; value: ValueExpr }
  | { kind: 'in'; column: SqlCatalogColumn; values: ValueExpr[] }
  | { kind: 'like'; column: SqlCatalogColumn; pattern: ValueExpr; escape: ValueExpr | null; insensitive: boolean }
  | { kind: 'between'; column: SqlCatalogColumn; low: ValueExpr; high: ValueExpr; symmetric: boolean }
  | { kind: 'null'; column: SqlCatalogColumn }
  | { kind: 'isTrue'; column: SqlCatalogColumn; value: boolean };

const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
const ORDERED_TYPES = new Set(['float8', 'numeric', 'int8', 'date', 'timestamp', 'timestamptz']);

/** Reads a WHERE or HAVING clause as a predicate over the explore's columns; refuses what no filter can say. */
export function predicateOf(node: unknown, scope: ExploreScope, clause: string): Predicate {
  const [kind, body] = nodeKind(node);
  switch (kind) {
    case 'BoolExpr': {
      const items = ((body['args'] as unknown[]) ?? []).map((arg) => predicateOf(arg, scope, clause));
      if (body['boolop'] === 'NOT_EXPR') return { kind: 'not', item: items[0] as Predicate };
      return { kind: body['boolop'] === 'OR_EXPR' ? 'or' : 'and', items };
    }
    case 'A_Expr':
      return expressionPredicate(body, scope, clause);
    case 'NullTest': {
      const column = columnOf(body['arg'], scope, clause);
      const isNull: Predicate = { kind: 'null', column };
      return body['nulltesttype'] === 'IS_NOT_NULL' ? { kind: 'not', item: isNull } : isNull;
    }
    case 'BooleanTest':
      return booleanTest(body, scope, clause);
    case 'ColumnRef':
    case 'FuncCall': {
      const column = columnOf(node, scope, clause);
      if (column.type !== 'bool') throw new SqlApiError('42804', `argument of ${clause} must be type boolean, not ${column.type} (${column.name})`);
      return { kind: 'compare', column, operator: '=', value: { kind: 'const', value: true } };
    }
    case 'SubLink':
      throw new SqlApiError('0A000', `subqueries are not supported by the SQL API (in ${clause})`);
    default:
      throw new SqlApiError('0A000', `${describe(kind)} is not supported in ${clause}: compare a column with values`);
  }
}

function expressionPredicate(body: Node, scope: ExploreScope, clause: string): Predicate {
  const kind = String(body['kind']);
  const operator = names(body['name'])[0] ?? '';
  switch (kind) {
    case 'AEXPR_OP': {
      if (!(operator in FLIPPED) && operator !== '!=') throw new SqlApiError('0A000', `the operator ${operator} is not supported in ${clause}`);
      const op = (operator === '!=' ? '<>' : operator) as ComparisonOperator;
      const leftIsColumn = isColumn(body['lexpr']);
      if (!leftIsColumn && !isColumn(body['rexpr'])) throw new SqlApiError('0A000', `${clause} compares a column with a value; this comparison has no column`);
      const column = columnOf(leftIsColumn ? body['lexpr'] : body['rexpr'], scope, clause);
      const value = valueExpr(leftIsColumn ? body['rexpr'] : body['lexpr'], column.name);
      const oriented = leftIsColumn ? op : FLIPPED[op];
      if (oriented !== '=' && oriented !== '<>' && !ORDERED_TYPES.has(column.type)) {
        throw new SqlApiError('0A000', `${oriented} on ${column.type} (${column.name}) cannot be expressed as a Quarry filter: use =, <>, IN or LIKE`);
      }
      return { kind: 'compare', column, operator: oriented, value };
    }
    case 'AEXPR_DISTINCT':
    case 'AEXPR_NOT_DISTINCT': {
      const column = columnOf(body['lexpr'], scope, clause);
      const distinct: Predicate = { kind: 'distinct', column, value: valueExpr(body['rexpr'], column.name) };
      return kind === 'AEXPR_DISTINCT' ? distinct : { kind: 'not', item: distinct };
    }
    case 'AEXPR_IN': {
      const column = columnOf(body['lexpr'], scope, clause);
      const list = asKind(body['rexpr'], 'List');
      if (!list) throw new SqlApiError('0A000', `IN takes a list of values here (in ${clause})`);
      const values = ((list['items'] as unknown[]) ?? []).map((item) => valueExpr(item, column.name));
      const inList: Predicate = { kind: 'in', column, values };
      return operator === '<>' ? { kind: 'not', item: inList } : inList;
    }
    case 'AEXPR_OP_ANY':
    case 'AEXPR_OP_ALL': {
      const column = columnOf(body['lexpr'], scope, clause);
      const array = asKind(body['rexpr'], 'A_ArrayExpr');
      const anyEquals = kind === 'AEXPR_OP_ANY' && operator === '=';
      const allDiffer = kind === 'AEXPR_OP_ALL' && (operator === '<>' || operator === '!=');
      if (!array || (!anyEquals && !allDiffer)) {
        throw new SqlApiError('0A000', `only = ANY(ARRAY[…]) and <> ALL(ARRAY[…]) are supported (in ${clause})`);
      }
      const values = ((array['elements'] as unknown[]) ?? []).map((item) => valueExpr(item, column.name));
      const inList: Predicate = { kind: 'in', column, values };
      return allDiffer ? { kind: 'not', item: inList } : inList;
    }
    case 'AEXPR_LIKE':
    case 'AEXPR_ILIKE': {
      const column = columnOf(body['lexpr'], scope, clause);
      if (column.type !== 'text') throw new SqlApiError('42883', `operator does not exist: ${column.type} ${kind === 'AEXPR_LIKE' ? 'LIKE' : 'ILIKE'} text (${column.name})`);
      const escapeCall = asKind(body['rexpr'], 'FuncCall');
      const withEscape = escapeCall && names(escapeCall['funcname']).at(-1) === 'like_escape' ? ((escapeCall['args'] as unknown[]) ?? []) : null;
      const pattern = valueExpr(withEscape ? withEscape[0] : body['rexpr'], column.name);
      const escape = withEscape ? valueExpr(withEscape[1], column.name) : null;
      const like: Predicate = { kind: 'like', column, pattern, escape, insensitive: kind === 'AEXPR_ILIKE' };
      return operator.startsWith('!') ? { kind: 'not', item: like } : like;
    }
    case 'AEXPR_BETWEEN':
    case 'AEXPR_NOT_BETWEEN':
    case 'AEXPR_BETWEEN_SYM':
    case 'AEXPR_NOT_BETWEEN_SYM': {
      const column = columnOf(body['lexpr'], scope, clause);
      if (!ORDERED_TYPES.has(column.type)) throw new SqlApiError('0A000', `BETWEEN on ${column.type} (${column.name}) cannot be expressed as a Quarry filter`);
      const [low, high] = ((asKind(body['rexpr'], 'List')?.['items'] as unknown[]) ?? []).map((item) => valueExpr(item, column.name));
      const between: Predicate = { kind: 'between', column, low: low as ValueExpr, high: high as ValueExpr, symmetric: kind.endsWith('_SYM') };
      return kind.includes('NOT_') ? { kind: 'not', item: between } : between;
    }
    default:
      throw new SqlApiError('0A000', `${kind.replace(/^AEXPR_/, '').replace(/_/g, ' ')} expressions are not supported in ${clause}`);
  }
}

function booleanTest(body: Node, scope: ExploreScope, clause: string): Predicate {
  const column = columnOf(body['arg'], scope, clause);
  const test = String(body['booltesttype']);
  if (test === 'IS_UNKNOWN') return { kind: 'null', column };
  if (test === 'IS_NOT_UNKNOWN') return { kind: 'not', item: { kind: 'null', column } };
  if (column.type !== 'bool') throw new SqlApiError('42804', `argument of IS TRUE/FALSE must be type boolean, not ${column.type} (${column.name})`);
  const isTrue: Predicate = { kind: 'isTrue', column, value: test === 'IS_TRUE' || test === 'IS_NOT_TRUE' };
  // IS NOT TRUE holds for NULL too: it is the negation of a two-valued test, which `not` of isTrue expresses.
  return test.startsWith('IS_NOT_') ? { kind: 'not', item: isTrue } : isTrue;
}

function isColumn(node: unknown): boolean {
  const [kind, body] = nodeKind(node);
  if (kind === 'ColumnRef') return true;
  return kind === 'FuncCall' && ['measure', 'sum', 'count', 'min', 'max', 'avg'].includes((names(body['funcname']).at(-1) ?? '').toLowerCase());
}

/** A column operand: a field, or an aggregate call of a metric (`MEASURE(m)`, `SUM(m)`). */
export function columnOf(node: unknown, scope: ExploreScope, clause: string): SqlCatalogColumn {
  const [kind, body] = nodeKind(node);
  if (kind === 'ColumnRef') {
    if (names(body['fields']).length === 0) throw new SqlApiError('42601', `* is not a value (in ${clause})`);
    return scope.column(body);
  }
  if (kind === 'FuncCall') {
    const metric = scope.metricCall(body);
    if (metric) return metric;
    throw new SqlApiError('0A000', `functions over fields (${names(body['funcname']).join('.')}) are not supported in ${clause}`);
  }
  if (kind === 'TypeCast') throw new SqlApiError('0A000', `casts of fields are not supported in ${clause}: compare the field itself`);
  if (kind === 'A_Const') throw new SqlApiError('0A000', `${clause} compares a column with a value; ${JSON.stringify(constantValue(body))} is not a column`);
  throw new SqlApiError('0A000', `expressions over fields (${describe(kind)}) are not supported in ${clause}`);
}

function describe(kind: string): string {
  return kind === 'A_Const' ? 'a constant condition' : kind === 'CaseExpr' ? 'CASE' : kind === 'CoalesceExpr' ? 'COALESCE' : kind || 'this expression';
}

/** The columns a predicate reads: dimension filters and metric filters are separate groups of a MetricQuery. */
export function predicateColumns(predicate: Predicate): SqlCatalogColumn[] {
  if ('items' in predicate) return predicate.items.flatMap(predicateColumns);
  if ('item' in predicate) return predicateColumns(predicate.item);
  return [predicate.column];
}

/** The top-level conjuncts: each may go to the dimension or the metric filters on its own. */
export function conjuncts(predicate: Predicate): Predicate[] {
  return predicate.kind === 'and' ? predicate.items.flatMap(conjuncts) : [predicate];
}
