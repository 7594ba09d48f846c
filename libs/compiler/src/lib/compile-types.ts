import type { CustomDimension, CustomFormat, Dimension, Metric, TableCalculation } from '@quarry/domain';

import type { ColumnNames } from './columns/column-names';
import type { QueryParam } from './params/param-binder';
import type { CompileWarning } from './stages/fan-out-warnings';

/** What a query result's columns are: field id (or calculation name) → definition. */
export type ItemsMap = Record<string, Dimension | (Metric & { formatOptions?: CustomFormat }) | CustomDimension | TableCalculation>;

export interface CompileOptions {
  /** Render bound values inline as escaped literals: for showing the SQL (compileQuery), never for running it. */
  inlineParams?: boolean;
  /** Leave out the LIMIT: the query becomes the input of a pivot, which limits its own rows. */
  withoutLimit?: boolean;
  /**
   * From this LIMIT up, an ungrouped query first finds its last row's sort key and reads only the
   * rows up to it (see sortCutoff): for exports of many rows. Undefined: never.
   */
  sortCutoffFromRows?: number;
}

export interface CompiledQuery {
  /** SQL with `$n` placeholders (or literals with `inlineParams`). */
  sql: string;
  /** Values of `$1…$n` (empty with `inlineParams`). */
  params: QueryParam[];
  /**
   * Statements to run first, in order, on the connection that runs `sql`, each bound to the `$n` it
   * uses (see sortCutoff). They only make `sql` faster: it gives the same rows without them.
   * Absent with `inlineParams`, whose SQL is for showing.
   */
  setup?: string[];
  fields: ItemsMap;
  /**
   * Result columns whose SQL alias is not their name (names over the warehouse's identifier
   * limit): alias → name. Rows must be read through `withColumnNames` with it.
   */
  columnNames: ColumnNames;
  warnings: CompileWarning[];
  /** Every parameter the query references. */
  parameterReferences: string[];
  /** Referenced parameters given no value; they remain in the SQL as written. */
  missingParameterReferences: string[];
}
