import { type Node, names, nodeKind } from './sql-parser';
import { SqlApiError, type SqlCatalogColumn, type SqlCatalogTable } from './sql-plan';

/** Aggregate functions a metric of each type may be wrapped in (Cube's SQL API rule: the aggregation is the metric's own). */
const AGGREGATES_OF_METRIC_TYPE: Record<string, string> = {
  sum: 'sum',
  count: 'count',
  count_distinct: 'count distinct',
  min: 'min',
  max: 'max',
  average: 'avg',
};

const AGGREGATE_FUNCTIONS = new Set(['sum', 'count', 'min', 'max', 'avg']);

/** The one explore a query reads, and how its columns are named: `status`, `orders.status`, `o.status`, `public.orders.status`. */
export class ExploreScope {
  constructor(
    readonly table: SqlCatalogTable,
    private readonly qualifiers: readonly string[],
  ) {}

  /** The column a ColumnRef names; a star is the caller's business. */
  column(ref: Node): SqlCatalogColumn {
    const parts = names(ref['fields']);
    const name = parts.at(-1) ?? '';
    const qualifier = parts.slice(0, -1);
    if (qualifier.length > 0 && !this.qualifies(qualifier)) {
      throw new SqlApiError('42P01', `missing FROM-clause entry for table "${qualifier.join('.')}"`);
    }
    const column = this.table.columns.find((candidate) => candidate.name === name);
    if (!column) throw new SqlApiError('42703', `column "${name}" does not exist in table "${this.table.name}"`);
    return column;
  }

  /** True when `qualifier` (`orders`, `o`, `public.orders`) names this query's table. */
  qualifies(qualifier: readonly string[]): boolean {
    const table = qualifier.at(-1) ?? '';
    const schema = qualifier.at(-2);
    return this.qualifiers.includes(table) && (schema === undefined || schema === 'public');
  }

  /**
   * The metric an aggregate call reads (`MEASURE(m)`, `SUM(m)` for a sum metric, `COUNT(DISTINCT m)` for a
   * count_distinct one), or undefined when the call is not an aggregate. Throws for what cannot be expressed.
   */
  metricCall(call: Node): SqlCatalogColumn | undefined {
    const name = (names(call['funcname']).at(-1) ?? '').toLowerCase();
    const written = `${name.toUpperCase()}(${call['agg_distinct'] ? 'DISTINCT ' : ''}${call['agg_star'] ? '*' : '…'})`;
    if (call['over']) throw new SqlApiError('0A000', `window functions (${written} OVER …) are not supported by the SQL API`);
    if (name !== 'measure' && !AGGREGATE_FUNCTIONS.has(name)) return undefined;
    if (call['agg_filter']) throw new SqlApiError('0A000', `aggregate FILTER clauses (${written} FILTER …) are not supported: use WHERE`);
    if (call['agg_order'] || call['agg_within_group']) throw new SqlApiError('0A000', `ordered aggregates (${written}) are not supported`);
    if (call['agg_star']) throw new SqlApiError('0A000', `${written} is not supported: select a count metric, e.g. MEASURE(<table>_count)`);
    const args = (call['args'] as unknown[] | undefined) ?? [];
    const [argKind, arg] = nodeKind(args[0]);
    if (args.length !== 1 || argKind !== 'ColumnRef') {
      throw new SqlApiError('0A000', `${name.toUpperCase()}() takes one metric column here, not an expression`);
    }
    const column = this.column(arg);
    if (column.kind !== 'metric') {
      throw new SqlApiError('0A000', `${name.toUpperCase()}(${column.name}): ${column.name} is a dimension; aggregate with a metric of the explore (ad-hoc aggregation is not supported)`);
    }
    if (name === 'measure') {
      if (call['agg_distinct']) throw new SqlApiError('0A000', `MEASURE(DISTINCT ${column.name}) is not supported`);
      return column;
    }
    const used = `${name}${call['agg_distinct'] ? ' distinct' : ''}`;
    const own = column.metricType === undefined ? undefined : AGGREGATES_OF_METRIC_TYPE[column.metricType];
    if (own !== used) {
      const allowed = own === undefined ? null : own === 'count distinct' ? `COUNT(DISTINCT ${column.name})` : `${own.toUpperCase()}(${column.name})`;
      throw new SqlApiError(
        '42803',
        `${used.toUpperCase()}(${column.name}) does not match the metric's own aggregation${column.metricType ? ` (${column.metricType})` : ''}: ` +
          `use MEASURE(${column.name})${allowed ? ` or ${allowed}` : ''}`,
      );
    }
    return column;
  }
}
