import type { SqlDialect } from '@quarry/dialects';

/** A value sent to the warehouse beside the SQL (never written into it). */
export type QueryParam = string | number | boolean | null;

/** Where a rule's values go: bound as placeholders (request input) or written as literals (project filters). */
export interface ValueWriter {
  bind(value: QueryParam): string;
  /** A number compared with a column. */
  bindNumber(value: number): string;
}

/**
 * Collects the values of a query. Each value gets the dialect's placeholder (`$1`, `$2`, …);
 * the warehouse adapters turn those into their SDK's own markers, so user input is never part
 * of the SQL text.
 */
export class ParamBinder implements ValueWriter {
  private readonly collected: QueryParam[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  bind(value: QueryParam): string {
    this.collected.push(value);
    return this.dialect.placeholder(this.collected.length);
  }

  /** A number, typed for warehouses that would otherwise take the type of the column it meets. */
  bindNumber(value: number): string {
    return this.dialect.numberParameter(this.bind(value));
  }

  get values(): QueryParam[] {
    return [...this.collected];
  }
}
